import type { BuiltInChannel, Connection, ConnectionStatus, PlanFlag } from '@guiche/contracts';

/** The buttons of the session column (account-admin.md §2): what each status offers, and closing imported tickets (§4 Import). */
export type SessionAction = 'qrcode' | 'retry' | 'newQr' | 'connecting' | 'disconnect' | 'closeImported';

export function sessionActions(status: ConnectionStatus | string): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return ['qrcode'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    case 'OPENING':
      return ['connecting'];
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    default:
      return [];
  }
}

/** The channels the new-connection menu offers, in order, with the plan flag each needs (null: always). */
export const NEW_CONNECTION_CHANNELS: { channel: BuiltInChannel; flag: PlanFlag | null }[] = [
  { channel: 'whatsapp', flag: 'useWhatsapp' },
  { channel: 'whatsappapi', flag: 'useWhatsapp' },
  { channel: 'facebook', flag: 'useFacebook' },
  { channel: 'instagram', flag: 'useInstagram' },
  { channel: 'webchat', flag: null },
  { channel: 'telegram', flag: 'useTelegram' },
];

export function channelAllowed(flag: PlanFlag | null, planFlags: Partial<Record<string, boolean>>): boolean {
  return flag === null || planFlags[flag] === true;
}

export type ConnectionEvent = { action: 'create' | 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };
export type SessionEvent = { action: 'update'; session: Connection };

function byName(a: Connection, b: Connection): number {
  return a.name.localeCompare(b.name) || a.id - b.id;
}

/**
 * A live company-{id}-whatsapp event applied to the list (kept in the API's order, by name).
 * Updates without the qrcode/session (the connection events never carry them) keep the known ones.
 */
export function applyConnectionEvent(list: Connection[] | undefined, event: ConnectionEvent): Connection[] | undefined {
  if (!list) return list;
  if (event.action === 'delete') return list.filter((c) => c.id !== event.whatsappId);
  return upsert(list, event.whatsapp);
}

/** A live company-{id}-whatsappSession event: status, QR code, retries, number. */
export function applySessionEvent(list: Connection[] | undefined, event: SessionEvent): Connection[] | undefined {
  if (!list || event?.action !== 'update' || !event.session) return list;
  return upsert(list, event.session);
}

function upsert(list: Connection[], next: Connection): Connection[] {
  const current = list.find((c) => c.id === next.id);
  if (!current) return [...list, next].sort(byName);
  const merged: Connection = { ...current, ...next };
  if (!('qrcode' in next)) merged.qrcode = current.qrcode;
  if (!('session' in next)) merged.session = current.session;
  return list.map((c) => (c.id === next.id ? merged : c)).sort(byName);
}
