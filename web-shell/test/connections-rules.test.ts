import { describe, expect, it } from 'vitest';
import type { Connection } from '@guiche/contracts';
import { connectionFormSchema, connectionFormValues, connectionPayload, fromLocalInput, mustResetSession, toLocalInput } from '../src/features/connections/lib/connection-form.js';
import { showsApiToken } from '../src/features/connections/api-token/visibility.js';
import { formatShortDateTime } from '../src/features/connections/lib/format.js';
import { IMPORT_PREPARING_MS, importButton, importFraction, readImportEvent } from '../src/features/connections/lib/import-progress.js';
import { applyConnectionEvent, applySessionEvent, channelAllowed, NEW_CONNECTION_CHANNELS, sessionActions } from '../src/features/connections/lib/status.js';

function connection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 1,
    companyId: 1,
    name: 'Atendimento',
    channel: 'whatsapp',
    number: null,
    status: 'OPENING',
    isDefault: true,
    qrcode: null,
    session: null,
    retries: 0,
    queues: [{ id: 7, name: 'Suporte', color: '#238551' }],
    promptId: null,
    integrationId: null,
    greetingMessage: 'Olá',
    complationMessage: null,
    outOfHoursMessage: null,
    ratingMessage: null,
    inactiveMessage: null,
    expiresInactiveMessage: null,
    statusImportMessages: null,
    importOldMessages: null,
    importRecentMessages: null,
    importOldMessagesGroups: false,
    closedTicketsPostImported: false,
    greetingMediaAttachment: null,
    provider: 'beta',
    maxUseBotQueues: 3,
    maxUseBotQueuesNPS: 3,
    timeUseBotQueues: 0,
    expiresTicket: 0,
    expiresTicketNPS: 0,
    timeInactiveMessage: 0,
    timeCreateNewTicket: 0,
    timeSendQueue: 0,
    sendIdQueue: null,
    whenExpiresTicket: 0,
    allowGroup: false,
    groupAsTicket: 'disabled',
    schedules: [],
    wavoip: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('session buttons by status (account-admin.md §2)', () => {
  it('offers QR for qrcode, retry and new QR for DISCONNECTED, a disabled connecting for OPENING, disconnect for PAIRING and TIMEOUT', () => {
    expect(sessionActions('qrcode')).toEqual(['qrcode']);
    expect(sessionActions('DISCONNECTED')).toEqual(['retry', 'newQr']);
    expect(sessionActions('OPENING')).toEqual(['connecting']);
    expect(sessionActions('PAIRING')).toEqual(['disconnect']);
    expect(sessionActions('TIMEOUT')).toEqual(['disconnect']);
    expect(sessionActions('CONNECTED')).toEqual([]);
  });

  it('gates the new-connection channels on the plan; the website chat is always allowed', () => {
    const allowed = (flags: Record<string, boolean>) => NEW_CONNECTION_CHANNELS.filter((c) => channelAllowed(c.flag, flags)).map((c) => c.channel);
    expect(allowed({})).toEqual(['webchat']);
    expect(allowed({ useWhatsapp: true, useInstagram: true })).toEqual(['whatsapp', 'whatsappapi', 'instagram', 'webchat']);
    expect(allowed({ useWhatsapp: true, useFacebook: true, useInstagram: true })).toEqual(['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat']);
    expect(allowed({ useTelegram: true })).toEqual(['webchat', 'telegram']);
  });
});

describe('live list updates', () => {
  const list = [connection({ id: 1, name: 'B' }), connection({ id: 2, name: 'D', isDefault: false })];

  it('a session update replaces status and QR code; an empty QR clears it', () => {
    const withQr = applySessionEvent(list, { action: 'update', session: connection({ id: 2, name: 'D', status: 'qrcode', qrcode: '2@abc', retries: 1 }) });
    expect(withQr!.find((c) => c.id === 2)).toMatchObject({ status: 'qrcode', qrcode: '2@abc', retries: 1 });
    const open = applySessionEvent(withQr, { action: 'update', session: connection({ id: 2, name: 'D', status: 'CONNECTED', qrcode: null, number: '5511900000000' }) });
    expect(open!.find((c) => c.id === 2)).toMatchObject({ status: 'CONNECTED', qrcode: null, number: '5511900000000' });
  });

  it('connection events add in name order, keep a known QR code when they carry none, and delete', () => {
    const withQr = applySessionEvent(list, { action: 'update', session: connection({ id: 2, name: 'D', status: 'qrcode', qrcode: '2@abc' }) });
    const { qrcode: _q, session: _s, ...withoutSecrets } = connection({ id: 2, name: 'D', status: 'qrcode', greetingMessage: 'Oi' });
    const renamed = applyConnectionEvent(withQr, { action: 'update', whatsapp: withoutSecrets as Connection });
    expect(renamed!.find((c) => c.id === 2)).toMatchObject({ greetingMessage: 'Oi', qrcode: '2@abc' });
    const added = applyConnectionEvent(list, { action: 'create', whatsapp: connection({ id: 3, name: 'C' }) });
    expect(added!.map((c) => c.name)).toEqual(['B', 'C', 'D']);
    expect(applyConnectionEvent(added, { action: 'delete', whatsappId: 1 })!.map((c) => c.id)).toEqual([3, 2]);
    expect(applyConnectionEvent(undefined, { action: 'delete', whatsappId: 1 })).toBeUndefined();
  });
});

describe('import progress (account-admin.md §4, §9)', () => {
  it("reads the plugin's update and refresh events", () => {
    expect(readImportEvent({ action: 'update', status: { this: 25, all: 100, date: '2026-01-02T00:00:00Z' } })).toEqual({ action: 'update', status: { this: 25, all: 100, date: '2026-01-02T00:00:00Z' } });
    expect(readImportEvent({ action: 'refresh' })).toEqual({ action: 'refresh' });
    expect(readImportEvent({ action: 'update', status: { this: 'x', all: 1 } })).toBeNull();
    expect(readImportEvent(null)).toBeNull();
    expect(importFraction({ this: 25, all: 100 })).toBe(0.25);
    expect(importFraction({ this: 5, all: 0 })).toBe(0);
  });

  it('is preparing for 35 s after the import timestamp, then not; close-tickets when the server asks', () => {
    const stamp = 1_800_000_000_000;
    const importing = { importOldMessages: '2026-01-01T00:00:00Z', statusImportMessages: String(stamp) };
    expect(importButton(importing, stamp + 1000)).toEqual({ kind: 'preparing', until: stamp + IMPORT_PREPARING_MS });
    expect(importButton(importing, stamp + IMPORT_PREPARING_MS + 1)).toBeNull();
    expect(importButton({ ...importing, importOldMessages: null }, stamp)).toBeNull();
    expect(importButton({ importOldMessages: null, statusImportMessages: 'renderButtonCloseTickets' })).toEqual({ kind: 'closeTickets' });
    expect(importButton({ importOldMessages: '2026-01-01', statusImportMessages: 'Running' })).toBeNull();
  });
});

describe('connection dialog rules (account-admin.md §5)', () => {
  const now = new Date('2026-06-15T12:00:00Z').getTime();
  const schema = connectionFormSchema(() => now);
  const base = connectionFormValues();
  const errors = (values: Partial<typeof base>) => {
    const result = schema.safeParse({ ...base, name: 'Atendimento', ...values });
    if (result.success) return {};
    // The form shows the first problem of each field.
    const found: Record<string, string> = {};
    for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
    return found;
  };
  const local = (iso: string) => toLocalInput(iso);

  it('names are 2 to 50 characters', () => {
    expect(errors({ name: '' })).toEqual({ name: 'validation.required' });
    expect(errors({ name: 'A' })).toEqual({ name: 'validation.tooShort' });
    expect(errors({ name: 'x'.repeat(51) })).toEqual({ name: 'validation.tooLong' });
    expect(errors({ name: 'Ok' })).toEqual({});
  });

  it('the old date lies within two years; the recent one between it and now; dates only count when importing', () => {
    const enabled = { importEnabled: true };
    expect(errors({ ...enabled, importOldMessages: local('2024-06-16T12:00:00Z'), importRecentMessages: local('2026-06-01T00:00:00Z') })).toEqual({});
    expect(errors({ ...enabled, importOldMessages: local('2024-06-14T12:00:00Z'), importRecentMessages: local('2026-06-01T00:00:00Z') })).toEqual({ importOldMessages: 'validation.importOldRange' });
    expect(errors({ ...enabled, importOldMessages: local('2026-05-01T00:00:00Z'), importRecentMessages: local('2026-04-01T00:00:00Z') })).toEqual({ importRecentMessages: 'validation.importRecentRange' });
    expect(errors({ ...enabled, importOldMessages: local('2026-05-01T00:00:00Z'), importRecentMessages: local('2026-07-01T00:00:00Z') })).toEqual({ importRecentMessages: 'validation.importRecentRange' });
    expect(errors({ ...enabled, importOldMessages: local('2026-05-01T00:00:00Z') })).toEqual({ importRecentMessages: 'validation.importDatesTogether' });
    expect(errors({ ...enabled })).toEqual({ importOldMessages: 'validation.required' });
    expect(errors({ importEnabled: false, importOldMessages: local('2020-01-01T00:00:00Z') })).toEqual({});
  });

  it('sends ISO instants, null messages when blank, and drops the import when switched off', () => {
    const values = { ...base, name: ' Vendas ', greetingMessage: '  ', complationMessage: 'Tchau', groupAsTicket: true, importEnabled: true, importOldMessages: local('2026-05-01T10:00:00Z'), importRecentMessages: local('2026-06-01T10:00:00Z'), importOldMessagesGroups: true };
    expect(connectionPayload(values)).toMatchObject({
      name: 'Vendas',
      greetingMessage: null,
      complationMessage: 'Tchau',
      groupAsTicket: 'enabled',
      importOldMessages: '2026-05-01T10:00:00.000Z',
      importRecentMessages: '2026-06-01T10:00:00.000Z',
      importOldMessagesGroups: true,
    });
    expect(connectionPayload({ ...values, importEnabled: false })).toMatchObject({ importOldMessages: null, importRecentMessages: null, importOldMessagesGroups: false });
    expect(fromLocalInput('')).toBeNull();
    expect(connectionFormValues(connection({ importOldMessages: '2026-05-01T10:00:00.000Z' }))).toMatchObject({ importEnabled: true, queueIds: [7], greetingMessage: 'Olá' });
  });

  it('resets the session only for a CONNECTED connection that now imports', () => {
    const importing = { importEnabled: true, importOldMessages: '2026-05-01T10:00' };
    expect(mustResetSession(connection({ status: 'CONNECTED' }), importing)).toBe(true);
    expect(mustResetSession(connection({ status: 'DISCONNECTED' }), importing)).toBe(false);
    expect(mustResetSession(connection({ status: 'CONNECTED' }), { importEnabled: false, importOldMessages: '2026-05-01T10:00' })).toBe(false);
    expect(mustResetSession(undefined, importing)).toBe(false);
  });

  it('shows the last update as dd/MM/yy HH:mm', () => {
    expect(formatShortDateTime(new Date(2026, 0, 5, 9, 7))).toBe('05/01/26 09:07');
    expect(formatShortDateTime(null)).toBe('');
  });
});

describe('the API token panel of the connection dialog (issue #29)', () => {
  const admin = { profile: 'admin' };
  const flags = { useExternalApi: true };
  it('shows to admins (and the super user) of plans with the API, on saved connections that are not website chats', () => {
    expect(showsApiToken(connection(), admin, flags)).toBe(true);
    expect(showsApiToken(connection({ channel: 'whatsappapi' }), { profile: 'user', super: true }, flags)).toBe(true);
  });
  it('hides from plain users, without the plan flag, on new connections and on website chats', () => {
    expect(showsApiToken(connection(), { profile: 'user' }, flags)).toBe(false);
    expect(showsApiToken(connection(), null, flags)).toBe(false);
    expect(showsApiToken(connection(), admin, { useExternalApi: false })).toBe(false);
    expect(showsApiToken(undefined, admin, flags)).toBe(false);
    expect(showsApiToken(connection({ channel: 'webchat' }), admin, flags)).toBe(false);
  });
});
