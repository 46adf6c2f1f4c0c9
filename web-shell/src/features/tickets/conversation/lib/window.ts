/**
 * Meta's customer-service window in the conversation (issue 15): what the input may send once
 * the contact's last message is more than 24 hours old.
 */

/** GET /{channel}/tickets/:id/window (plugins/meta-graph window-route.ts). */
export interface ReplyWindow {
  lastInboundAt: string | null;
  open: boolean;
  closesAt: string | null;
  /** Messenger/Instagram: a reply still goes with the HUMAN_AGENT tag (7 days). */
  humanAgentOpen: boolean;
}

export type WindowChannel = 'whatsappapi' | 'facebook' | 'instagram';

export function windowChannel(channel: string | null | undefined): WindowChannel | null {
  return channel === 'whatsappapi' || channel === 'facebook' || channel === 'instagram' ? channel : null;
}

/**
 * What the input offers: `open` free text; `humanAgent` free text sent with the tag;
 * `template` only approved templates (WhatsApp Cloud); `closed` nothing until the contact writes.
 */
export type WindowState = 'open' | 'humanAgent' | 'template' | 'closed';

export function windowState(channel: WindowChannel, window: ReplyWindow): WindowState {
  if (window.open) return 'open';
  if (channel === 'whatsappapi') return 'template';
  return window.humanAgentOpen ? 'humanAgent' : 'closed';
}

/** An approved template as GET /whatsappapi/:id/templates lists it. */
export interface MessageTemplate {
  name: string;
  language: string;
  category: string;
  body: string;
  header: string | null;
  footer: string | null;
  variables: number;
}

/** The body with {{n}} replaced by the n-th value typed (empty ones stay as placeholders). */
export function fillTemplate(body: string, values: string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1]?.trim() || whole);
}

/** Milliseconds until the window's next change (it closes; the tag's 7 days end), or null. */
export function msUntilChange(window: ReplyWindow, now = Date.now()): number | null {
  if (!window.lastInboundAt) return null;
  const last = new Date(window.lastInboundAt).getTime();
  const next = [last + 24 * 3600 * 1000, last + 7 * 24 * 3600 * 1000].find((at) => at > now);
  return next === undefined ? null : next - now;
}
