import { Rooms } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';

/** Channel names of §7 Real-time: company-{id}-campaign, -ContactList, -ContactListItem (and per list). */
export const campaignEvent = (companyId: number) => `company-${companyId}-campaign`;
export const contactListEvent = (companyId: number) => `company-${companyId}-ContactList`;
export const contactListItemEvent = (companyId: number) => `company-${companyId}-ContactListItem`;
export const listItemsEvent = (companyId: number, listId: number) => `company-${companyId}-ContactListItem-${listId}`;

/** To the company's admins: the guard paused a campaign (the reason and figures it decided on). */
export const campaignGuardEvent = (companyId: number) => `company-${companyId}-campaignGuard`;

export function createEvents(realtime: PluginContext['realtime']) {
  const emit = (companyId: number, event: string, payload: unknown) => realtime.emit(Rooms.company(companyId), event, payload);
  return {
    campaign(companyId: number, action: 'create' | 'update', record: unknown): void {
      emit(companyId, campaignEvent(companyId), { action, record });
    },
    guardPaused(companyId: number, payload: { campaignId: number; name: string; reason: string; detail: Record<string, unknown> }): void {
      realtime.emit(Rooms.companyAdmins(companyId), campaignGuardEvent(companyId), { action: 'paused', ...payload });
    },
    campaignRemoved(companyId: number, id: number): void {
      emit(companyId, campaignEvent(companyId), { action: 'delete', id });
    },
    contactList(companyId: number, action: 'create' | 'update' | 'delete', record: unknown): void {
      emit(companyId, contactListEvent(companyId), { action, record, ...(action === 'delete' ? { id: (record as { id: number }).id } : {}) });
    },
    /** An item changed (or `reload` after an import / a validity check) in the list. */
    items(companyId: number, listId: number, payload: { action: 'create' | 'update' | 'delete' | 'reload'; record?: unknown; id?: number; progress?: unknown }): void {
      emit(companyId, contactListItemEvent(companyId), { ...payload, contactListId: listId });
      emit(companyId, listItemsEvent(companyId, listId), payload);
    },
  };
}
export type Events = ReturnType<typeof createEvents>;
