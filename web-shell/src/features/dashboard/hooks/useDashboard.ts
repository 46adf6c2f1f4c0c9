import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ReportEvents, type DashboardAnswer } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { fetchDashboard, fetchNps, fetchQueueTotals, fetchTotals, fetchUserTotals } from '../api/dashboard-api.js';
import { rangeKey, type DashboardRange } from '../lib/dashboard-filter.js';

const key = (name: string, range: DashboardRange | null) => ['dashboard', name, range ? rangeKey(range) : 'none'];

/** Every call of the dashboard for the applied range (none until the filter has parameters). */
export function useDashboard(range: DashboardRange | null) {
  const enabled = range !== null;
  const r = range!;
  return {
    main: useQuery({ queryKey: key('main', range), queryFn: () => fetchDashboard(r), enabled }),
    totals: useQuery({ queryKey: key('totals', range), queryFn: () => fetchTotals(r), enabled }),
    queues: useQuery({ queryKey: key('queues', range), queryFn: () => fetchQueueTotals(r), enabled }),
    users: useQuery({ queryKey: key('users', range), queryFn: () => fetchUserTotals(r), enabled }),
    nps: useQuery({ queryKey: key('nps', range), queryFn: () => fetchNps(r), enabled }),
  };
}

/** Attendants' online/offline as their sockets come and go (company-{id}-userOnline). */
export function useOnlineUpdates(): void {
  const { user } = useSession();
  const client = useQueryClient();
  useSocketEvent<{ userId: number; online: boolean }>(user ? ReportEvents.userOnline(user.companyId) : null, ({ userId, online }) => {
    client.setQueriesData<DashboardAnswer>({ queryKey: ['dashboard', 'main'] }, (data) =>
      data ? { ...data, attendants: data.attendants.map((a) => (a.id === userId ? { ...a, online } : a)) } : data,
    );
  });
}
