import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCompanySchedules, fetchSettingOne, fetchSettings, updateCompanySchedules, updateSetting, type SettingRow } from '../api/settings-api.js';
import { settingKeys } from '../api/query-keys.js';
import type { DaySchedule } from '../lib/weekly-hours.js';
import { scheduleTypeOf, type ScheduleType } from '../lib/setting-options.js';

export function useSettings() {
  return useQuery({ queryKey: settingKeys.list(), queryFn: fetchSettings });
}

/** One key (GET /companySettingOne), shared by the pages that depend on it. */
export function useSettingValue(column: string, enabled = true) {
  return useQuery({ queryKey: settingKeys.one(column), queryFn: () => fetchSettingOne(column), enabled, staleTime: 30_000 });
}

/** Which hours decide "out of hours": drives the queue, connection and settings schedule tabs. */
export function useScheduleType(enabled = true): ScheduleType | undefined {
  const query = useSettingValue('scheduleType', enabled);
  return query.data === undefined ? undefined : scheduleTypeOf(query.data);
}

export function useSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: SettingRow) => updateSetting(key, value),
    onSuccess: (row) => {
      queryClient.setQueryData<SettingRow[]>(settingKeys.list(), (list) => list?.map((s) => (s.key === row.key ? { ...s, value: row.value } : s)));
      queryClient.setQueryData(settingKeys.one(row.key), row.value);
    },
  });
}

export function useCompanySchedules(companyId: number | undefined, enabled: boolean) {
  return useQuery({ queryKey: settingKeys.companySchedules(companyId ?? 0), queryFn: () => fetchCompanySchedules(companyId ?? 0), enabled: enabled && !!companyId });
}

export function useCompanySchedulesMutation(companyId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: DaySchedule[]) => updateCompanySchedules(companyId ?? 0, schedules),
    onSuccess: (_data, schedules) => queryClient.setQueryData(settingKeys.companySchedules(companyId ?? 0), schedules),
  });
}
