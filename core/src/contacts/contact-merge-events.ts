import type { CoreServices } from '../services.js';
import { emitTicket } from '../messaging/ticket-events.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import { emitContact, emitContactDeleted } from './contact-events.js';
import { findContact } from './contact-repository.js';
import type { MergeResult } from './contact-merge.js';

/** After a merge's commit: the merged contact leaves the lists, the kept one and the tickets closed by the merge are sent again. */
export async function announceMerge(core: CoreServices, companyId: number, merge: MergeResult): Promise<void> {
  emitContactDeleted(core, companyId, merge.mergedId);
  const kept = await findContact(core.db, companyId, merge.keptId);
  if (kept) await emitContact(core, companyId, 'update', kept);
  if (!merge.closedTicketIds.length) return;
  const tickets: TicketRow[] = await core.db('tickets').where({ companyId }).whereIn('id', merge.closedTicketIds);
  for (const ticket of tickets) await emitTicket(core, ticket, 'update');
}
