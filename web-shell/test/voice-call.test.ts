import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionFormSchema, connectionFormValues, connectionPayload } from '../src/features/connections/lib/connection-form.js';
import { VOICE_CALL_URL, voiceCall } from '../src/features/tickets/conversation/lib/voice-call.js';
import { supportChatUrl } from '../src/session/support.js';
import { ticket } from './tickets-fixtures.js';

const withCall = (wavoip: string | null, number: string, extra: { isGroup?: boolean; channel?: string } = {}) =>
  ticket({
    isGroup: extra.isGroup ?? false,
    whatsapp: { id: 1, name: 'Atendimento', channel: extra.channel ?? 'whatsapp', wavoip },
    contact: { id: 9, name: 'Maria', number, isGroup: extra.isGroup ?? false } as ReturnType<typeof ticket>['contact'],
  });

describe('the ticket header call button (inbox.md §7 voice-call link, §8 missing details)', () => {
  it('is hidden when the connection has no voice-call token', () => {
    expect(voiceCall(withCall(null, '5511999990000'))).toEqual({ kind: 'hidden' });
    expect(voiceCall(withCall('   ', '5511999990000'))).toEqual({ kind: 'hidden' });
    expect(voiceCall({ ...withCall('tok', '5511999990000'), whatsapp: null })).toEqual({ kind: 'hidden' });
  });

  it("opens the service with the connection's token and the contact's digits", () => {
    const call = voiceCall(withCall(' tok en/1 ', '+55 (11) 99999-0000'));
    expect(call.kind).toBe('open');
    const url = new URL((call as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(VOICE_CALL_URL);
    expect(url.searchParams.get('token')).toBe('tok en/1');
    expect(url.searchParams.get('phone')).toBe('5511999990000');
  });

  it('says the token or number is missing for a visitor without a phone, a hidden (LGPD) number or a group', () => {
    expect(voiceCall(withCall('tok', ''))).toEqual({ kind: 'missing' });
    expect(voiceCall(withCall('tok', 'wc-3f2a9c1e', { channel: 'webchat' }))).toEqual({ kind: 'missing' });
    expect(voiceCall(withCall('tok', '*********0000'))).toEqual({ kind: 'missing' });
    expect(voiceCall(withCall('tok', '1234567'))).toEqual({ kind: 'missing' });
    expect(voiceCall(withCall('tok', '120363025246125888', { isGroup: true }))).toEqual({ kind: 'missing' });
  });
});

describe('the connection dialog voice-call token', () => {
  it('round-trips, is trimmed, sent as null when blank and refused over 255 characters', () => {
    const base = { ...connectionFormValues(), name: 'Atendimento' };
    expect(base.wavoip).toBe('');
    expect(connectionPayload({ ...base, wavoip: '  abc  ' }).wavoip).toBe('abc');
    expect(connectionPayload({ ...base, wavoip: '   ' }).wavoip).toBeNull();
    const schema = connectionFormSchema();
    expect(schema.safeParse({ ...base, wavoip: 'x'.repeat(255) }).success).toBe(true);
    const refused = schema.safeParse({ ...base, wavoip: 'x'.repeat(256) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['wavoip', 'validation.tooLong']]);
  });
});

describe("the connections page's call support button", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('links to the configured support chat, and is absent without a number', () => {
    vi.stubEnv('PUBLIC_SUPPORT_WHATSAPP', '');
    expect(supportChatUrl('Olá')).toBeNull();
    vi.stubEnv('PUBLIC_SUPPORT_WHATSAPP', '+55 (11) 4000-1234');
    expect(supportChatUrl('Olá! Preciso de ajuda')).toBe('https://wa.me/551140001234?text=Ol%C3%A1!%20Preciso%20de%20ajuda');
  });
});
