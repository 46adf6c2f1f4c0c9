import type { PluginContext } from '@guiche/core';
import { clientOf, type CloudAccount } from './accounts.js';
import { digitsOf, DROP_EVENTS, normalizeTier, noteStanding, readNumber, standingOf, type Standing } from './standing.js';

/** Webhook fields about the number's or the account's standing (subscribed in the Meta app next to "messages"). */
export const STANDING_FIELDS: readonly string[] = ['phone_number_quality_update', 'business_capability_update', 'account_update'];

const upper = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase().slice(0, 60) : null);

/**
 * One standing change of a delivery for this connection's WhatsApp Business Account (entry.id):
 * - phone_number_quality_update: the number (by display number) changed tier or was flagged; the
 *   payload carries the tier, so the quality rating is read again from the Graph API;
 * - business_capability_update: the portfolio's limit (a count, -1 = unlimited);
 * - account_update: a violation, a restriction or a ban of the account pauses campaigns.
 */
export async function applyStandingChange(ctx: PluginContext, account: CloudAccount, entry: { id?: unknown; time?: unknown }, field: string, value: Record<string, any>): Promise<void> {
  if (String(entry.id ?? '') !== account.wabaId) return;
  const at = eventTime(entry.time);
  if (field === 'phone_number_quality_update') {
    const display = digitsOf(value.display_phone_number);
    if (display && account.displayNumber && display !== account.displayNumber) return; // another number of the WABA
    const fresh = await readStanding(ctx, account);
    const next: Partial<Standing> = {
      messagingTier: normalizeTier(value.max_daily_conversations_per_business) ?? normalizeTier(value.current_limit) ?? fresh?.messagingTier,
      qualityRating: fresh?.qualityRating,
    };
    await noteStanding(ctx, account, next, field, upper(value.event), at);
    return;
  }
  if (field === 'business_capability_update') {
    const tier = normalizeTier(value.max_daily_conversations_per_business) ?? normalizeTier(value.max_daily_conversation_per_phone);
    if (tier) await noteStanding(ctx, account, { messagingTier: tier }, field, null, at);
    return;
  }
  if (field === 'account_update') {
    const event = upper(value.event);
    if (event && DROP_EVENTS.includes(event)) await noteStanding(ctx, account, {}, field, event, at);
  }
}

/** The entry's time (Unix seconds) when it is a sane one, else now. */
function eventTime(value: unknown): Date {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^\d{9,11}$/.test(value) ? Number(value) : NaN;
  const ms = seconds * 1000;
  return Number.isFinite(ms) && Math.abs(ms - Date.now()) < 30 * 86_400_000 ? new Date(ms) : new Date();
}

/** The number's standing as Graph answers now, or null when it cannot say (the webhook's own figures are used). */
async function readStanding(ctx: PluginContext, account: CloudAccount): Promise<Standing | null> {
  try {
    return standingOf(await readNumber(clientOf(account), account.phoneNumberId));
  } catch (err) {
    ctx.log.warn({ err, connectionId: account.connectionId }, 'whatsappapi: the number\'s standing could not be read again');
    return null;
  }
}
