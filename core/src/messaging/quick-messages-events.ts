import { MessagesApiEvents, Rooms, type QuickMessage } from '@guiche/contracts';
import type { CoreServices } from '../services.js';

/** Who may see a quick message: everyone in the company for a general one, else its owner and the admins. */
function audience(row: Pick<QuickMessage, 'companyId' | 'userId' | 'geral'>): string[] {
  if (row.geral) return [Rooms.company(row.companyId)];
  return [Rooms.companyAdmins(row.companyId), ...(row.userId ? [Rooms.user(row.userId)] : [])];
}

export function emitQuickMessage(core: CoreServices, action: 'create' | 'update', record: QuickMessage, before?: QuickMessage): void {
  const event = MessagesApiEvents.quickMessage(record.companyId);
  // A general message made private leaves the lists of the users who no longer see it.
  if (before?.geral && !record.geral) core.realtime.emit(audience(before), event, { action: 'delete', id: record.id });
  core.realtime.emit(audience(record), event, { action, record });
}

export function emitQuickMessageDeleted(core: CoreServices, record: QuickMessage): void {
  core.realtime.emit(audience(record), MessagesApiEvents.quickMessage(record.companyId), { action: 'delete', id: record.id });
}
