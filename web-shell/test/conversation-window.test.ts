import { describe, expect, it } from 'vitest';
import { fillTemplate, msUntilChange, windowChannel, windowState, type ReplyWindow } from '../src/features/tickets/conversation/lib/window.js';

const HOUR = 3600 * 1000;
const at = (hoursAgo: number, now: number): ReplyWindow => {
  const last = now - hoursAgo * HOUR;
  return { lastInboundAt: new Date(last).toISOString(), open: hoursAgo < 24, closesAt: new Date(last + 24 * HOUR).toISOString(), humanAgentOpen: hoursAgo < 7 * 24 };
};

describe('Meta window in the conversation', () => {
  it('knows the Meta channels only', () => {
    expect(['whatsappapi', 'facebook', 'instagram'].map(windowChannel)).toEqual(['whatsappapi', 'facebook', 'instagram']);
    expect(windowChannel('whatsapp')).toBeNull();
    expect(windowChannel('webchat')).toBeNull();
    expect(windowChannel(undefined)).toBeNull();
  });

  it('offers free text while open, templates on WhatsApp Cloud after, the human-agent tag on Messenger/Instagram within 7 days, then nothing', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(windowState('whatsappapi', at(2, now))).toBe('open');
    expect(windowState('whatsappapi', { ...at(30, now), humanAgentOpen: false })).toBe('template');
    expect(windowState('facebook', at(30, now))).toBe('humanAgent');
    expect(windowState('instagram', at(8 * 24, now))).toBe('closed');
    expect(windowState('facebook', { lastInboundAt: null, open: false, closesAt: null, humanAgentOpen: false })).toBe('closed');
  });

  it('waits until the next limit: the 24 hours, then the 7 days, then none', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(msUntilChange(at(2, now), now)).toBe(22 * HOUR);
    expect(msUntilChange(at(30, now), now)).toBe(7 * 24 * HOUR - 30 * HOUR);
    expect(msUntilChange(at(8 * 24, now), now)).toBeNull();
    expect(msUntilChange({ lastInboundAt: null, open: false, closesAt: null, humanAgentOpen: false }, now)).toBeNull();
  });

  it('fills a template body with the values typed, leaving empty ones as placeholders', () => {
    expect(fillTemplate('Olá {{1}}, pedido {{2}} ({{1}})', ['Ana', ' #42 '])).toBe('Olá Ana, pedido #42 (Ana)');
    expect(fillTemplate('Olá {{1}}, pedido {{2}}', ['Ana', '  '])).toBe('Olá Ana, pedido {{2}}');
  });
});
