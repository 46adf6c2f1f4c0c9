import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlantaoEvents, type Plantao, type PlantaoInput } from '@guiche/contracts';
import { api, useSession, useSocketEvent } from '@guiche/web-sdk';

const KEY = ['plantao'] as const;

export function usePlantoes() {
  return useQuery({ queryKey: KEY, queryFn: async () => (await api.get<Plantao[]>('/plantao')).data });
}

/** The company's default connection: the one ticket and SLA pages go through (null when it has none). */
export function useAlertConnection(enabled: boolean) {
  return useQuery({
    queryKey: ['plantao', 'alert-connection'],
    queryFn: async () => (await api.get<{ id: number; name: string; channel: string; isDefault: boolean }[]>('/whatsapp', { params: { session: 0 } })).data.find((c) => c.isDefault) ?? null,
    enabled,
  });
}


export function useUserOptions(enabled: boolean) {
  return useQuery({ queryKey: ['plantao', 'users'], queryFn: async () => (await api.get<{ id: number; name: string }[]>('/users/list')).data, enabled });
}

type PlantaoEvent = { action: 'create' | 'update'; record: Plantao } | { action: 'delete'; id: number };

/** company-{id}-plantao: changes made anywhere show at once. */
export function usePlantaoEvents(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useSocketEvent<PlantaoEvent>(user ? PlantaoEvents.plantao(user.companyId) : null, (event) => {
    queryClient.setQueryData<Plantao[]>(KEY, (list) => {
      if (!list) return list;
      if (event.action === 'delete') return list.filter((p) => p.id !== event.id);
      const others = list.filter((p) => p.id !== event.record.id);
      return [...others, event.record].sort((a, b) => a.id - b.id);
    });
  });
}

export function usePlantaoMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: async ({ id, input }: { id?: number; input: PlantaoInput }) => (id ? (await api.put<Plantao>(`/plantao/${id}`, input)).data : (await api.post<Plantao>('/plantao', input)).data),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: async (id: number) => void (await api.delete(`/plantao/${id}`)), onSuccess: refresh }),
  };
}
