import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, type WebModuleDescriptor } from '@guiche/contracts';
import { api, useSession, useSocketEvent, type WebModule } from '@guiche/web-sdk';
import { loadWebModule } from './load-remote.js';

export type ModuleState =
  | { descriptor: WebModuleDescriptor; status: 'loading' }
  | { descriptor: WebModuleDescriptor; status: 'ready'; module: WebModule }
  | { descriptor: WebModuleDescriptor; status: 'error'; error: unknown };

export interface WebModulesValue {
  /** False until the list of enabled modules has arrived. */
  listed: boolean;
  modules: ModuleState[];
  reload(): void;
}

const WebModulesContext = createContext<WebModulesValue>({ listed: false, modules: [], reload: () => undefined });

export function useWebModules(): WebModulesValue {
  return useContext(WebModulesContext);
}

/** Asks the server which remotes the plan enables and loads only those. */
export function WebModulesProvider({ children }: { children: ReactNode }) {
  const { user, subscriptionExpired, refresh } = useSession();
  const queryClient = useQueryClient();
  const companyId = user?.companyId ?? null;

  const list = useQuery({
    queryKey: ['web-modules', companyId],
    enabled: companyId !== null && !subscriptionExpired,
    queryFn: async () => (await api.get<WebModuleDescriptor[]>('/web-modules')).data,
    staleTime: Infinity,
  });
  // An expired company may call only its billing: no module (nor what its pages and top-bar items
  // would ask) until it has paid, even one listed before the due date passed.
  const descriptors = subscriptionExpired ? [] : (list.data ?? []);

  const loads = useQueries({
    queries: descriptors.map((d) => ({
      queryKey: ['web-module', d.remoteName, d.entry],
      queryFn: () => loadWebModule(d),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    })),
  });

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['web-modules'] });
    void refresh().catch(() => undefined);
  }, [queryClient, refresh]);

  useSocketEvent(companyId === null ? null : Events.plan(companyId), reload);

  const modules = useMemo<ModuleState[]>(
    () =>
      descriptors.map((descriptor, i) => {
        const q = loads[i];
        if (q?.isSuccess) return { descriptor, status: 'ready', module: q.data };
        if (q?.isError) return { descriptor, status: 'error', error: q.error };
        return { descriptor, status: 'loading' };
      }),
    // `loads` is a new array on every render; its statuses are what matter.
    [descriptors, loads.map((q) => q.status).join()],
  );

  const listed = subscriptionExpired || list.isSuccess || list.isError;
  const value = useMemo(() => ({ listed, modules, reload }), [listed, modules, reload]);
  return <WebModulesContext.Provider value={value}>{children}</WebModulesContext.Provider>;
}
