import { api } from '@guiche/web-sdk';
import type { DaySchedule } from '../lib/weekly-hours.js';

export interface SettingRow {
  key: string;
  value: string;
}

/** GET /settings (admins): every key of the company (super-only keys for super users). */
export async function fetchSettings(): Promise<SettingRow[]> {
  const { data } = await api.get<SettingRow[]>('/settings');
  return data;
}

/** GET /companySettingOne?column=…: one key, readable by every user. */
export async function fetchSettingOne(column: string): Promise<string> {
  const { data } = await api.get<SettingRow>('/companySettingOne', { params: { column } });
  return data.value;
}

/** PUT /settings/{key} with the value. */
export async function updateSetting(key: string, value: string): Promise<SettingRow> {
  const { data } = await api.put<SettingRow>(`/settings/${encodeURIComponent(key)}`, { value });
  return data;
}

/** GET /companies/{id}/schedules: the company's weekly hours (scheduleType company). */
export async function fetchCompanySchedules(companyId: number): Promise<DaySchedule[]> {
  const { data } = await api.get<{ schedules?: DaySchedule[] } | DaySchedule[]>(`/companies/${companyId}/schedules`);
  return Array.isArray(data) ? data : (data.schedules ?? []);
}

/** PUT /companies/{id}/schedules with { schedules }. */
export async function updateCompanySchedules(companyId: number, schedules: DaySchedule[]): Promise<void> {
  await api.put(`/companies/${companyId}/schedules`, { schedules });
}
