import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyToPagedLists, replaceInPagedLists, searchFinds, usePagedList, usePagedListEvents, useSession, useSocketEvent } from '@guiche/web-sdk';
import * as api from '../api/campaigns-api';
import type { Campaign, CampaignInput, ContactList, ContactListItem, ItemInput } from '../api/campaigns-api';
import { keys } from '../api/query-keys';

export const campaignEvent = (companyId: number) => `company-${companyId}-campaign`;
export const contactListEvent = (companyId: number) => `company-${companyId}-ContactList`;
export const listItemsEvent = (companyId: number, listId: number) => `company-${companyId}-ContactListItem-${listId}`;

type CampaignEvent = { action: 'create' | 'update'; record: Campaign } | { action: 'delete'; id: number };
type ListEvent = { action: 'create' | 'update' | 'delete'; record: ContactList; id?: number };
export type ItemsEvent = { action: 'create' | 'update' | 'delete' | 'reload'; record?: ContactListItem; id?: number; progress?: { checked: number; total: number } };

export const useCampaignList = (search: string) => usePagedList(keys.campaignList(search), (page) => api.fetchCampaigns(search, page));

/** Campaigns created, changed (progress, status) or deleted anywhere show at once. */
export function useCampaignEvents(): void {
  usePagedListEvents<CampaignEvent, Campaign>({
    eventOf: campaignEvent,
    listsKey: keys.campaigns(),
    changeOf: (e) => (e.action === 'delete' ? { removedId: e.id } : { record: e.record, matches: searchFinds(e.record.name) }),
    also: (e, qc) => {
      if (e.action !== 'delete') qc.setQueryData(keys.campaign(e.record.id), e.record);
    },
  });
}

export function useCampaign(id: number) {
  return useQuery({ queryKey: keys.campaign(id), queryFn: () => api.fetchCampaign(id) });
}

export function useCampaignMutations() {
  const qc = useQueryClient();
  const replace = (c: Campaign) => {
    replaceInPagedLists(qc, keys.campaigns(), c);
    qc.setQueryData(keys.campaign(c.id), c);
  };
  return {
    create: useMutation({ mutationFn: api.createCampaign, onSuccess: () => void qc.invalidateQueries({ queryKey: keys.campaigns() }) }),
    update: useMutation({ mutationFn: ({ id, input }: { id: number; input: CampaignInput }) => api.updateCampaign(id, input), onSuccess: replace }),
    remove: useMutation({ mutationFn: api.deleteCampaign, onSuccess: (_d, id) => applyToPagedLists<Campaign>(qc, keys.campaigns(), { removedId: id }) }),
    cancel: useMutation({ mutationFn: api.cancelCampaign, onSuccess: replace }),
    restart: useMutation({ mutationFn: api.restartCampaign, onSuccess: replace }),
    attach: useMutation({ mutationFn: ({ id, file }: { id: number; file: File }) => api.attachCampaignMedia(id, file), onSuccess: replace }),
    detach: useMutation({ mutationFn: api.removeCampaignMedia, onSuccess: replace }),
  };
}

export const useConnections = () => useQuery({ queryKey: keys.connections(), queryFn: api.fetchConnections });
/** Only asked when the plan has the flow builder (its route answers 403 otherwise). */
export const useFlows = (enabled: boolean) => useQuery({ queryKey: keys.flows(), queryFn: api.fetchFlows, enabled });
export const useTags = () => useQuery({ queryKey: keys.tags(), queryFn: api.fetchTags });
export const useAllContactLists = () => useQuery({ queryKey: keys.allLists(), queryFn: api.fetchAllContactLists });
export const useSettings = () => useQuery({ queryKey: keys.settings(), queryFn: api.fetchSettings });

export const useContactListPage = (search: string) => usePagedList(keys.listPage(search), (page) => api.fetchContactLists(search, page));

export function useContactListEvents(): void {
  usePagedListEvents<ListEvent, ContactList>({
    eventOf: contactListEvent,
    listsKey: keys.lists(),
    changeOf: (e) => (e.action === 'delete' ? { removedId: e.id ?? e.record.id } : { record: e.record, matches: searchFinds(e.record.name) }),
    also: (e, qc) => {
      void qc.invalidateQueries({ queryKey: keys.allLists() });
      if (e.action !== 'delete') qc.setQueryData(keys.listOne(e.record.id), e.record);
    },
  });
}

export function useContactListMutations() {
  const qc = useQueryClient();
  const changed = () => void qc.invalidateQueries({ queryKey: ['contactLists'] });
  return {
    create: useMutation({ mutationFn: api.createContactList, onSuccess: changed }),
    update: useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => api.updateContactList(id, name), onSuccess: changed }),
    remove: useMutation({ mutationFn: api.deleteContactList, onSuccess: (_d, id) => applyToPagedLists<ContactList>(qc, keys.lists(), { removedId: id }) }),
  };
}

export const useContactList = (id: number) => useQuery({ queryKey: keys.listOne(id), queryFn: () => api.fetchContactList(id) });
export const useItemPage = (listId: number, search: string) => usePagedList(keys.itemPage(listId, search), (page) => api.fetchItems(listId, search, page));

/** The list's items reload on any change of the list (an import, a validity check, another user's edit). */
export function useItemEvents(listId: number, onProgress: (p: ItemsEvent['progress']) => void): void {
  const qc = useQueryClient();
  const { user } = useSession();
  useSocketEvent<ItemsEvent>(user ? listItemsEvent(user.companyId, listId) : null, (e) => {
    if (e?.progress) onProgress(e.progress);
    void qc.invalidateQueries({ queryKey: keys.items(listId) });
    void qc.invalidateQueries({ queryKey: keys.listOne(listId) });
  });
}

export function useItemMutations(listId: number) {
  const qc = useQueryClient();
  const changed = () => {
    void qc.invalidateQueries({ queryKey: keys.items(listId) });
    void qc.invalidateQueries({ queryKey: keys.listOne(listId) });
  };
  return {
    create: useMutation({ mutationFn: (input: ItemInput) => api.createItem(input), onSuccess: changed }),
    update: useMutation({ mutationFn: ({ id, input }: { id: number; input: ItemInput }) => api.updateItem(id, input), onSuccess: changed }),
    remove: useMutation({ mutationFn: api.deleteItem, onSuccess: changed }),
    upload: useMutation({ mutationFn: (file: File) => api.uploadContactList(listId, file), onSuccess: changed }),
  };
}
