import type { Knex } from 'knex';
import { MESSAGE_SLOTS, type CampaignStatus, type CampaignTemplate } from './schemas.js';

export interface CampaignRow {
  id: number;
  companyId: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  contactListId: number | null;
  tagListId: number | null;
  whatsappIds: number[];
  scheduledAt: Date | null;
  completedAt: Date | null;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: string | null;
  pauseReason: string | null;
  /** The last resume click after a guard's pause: what the guard saw before it no longer counts. */
  guardResumedAt?: Date | null;
  /** Cloud API connections send this approved template instead of the messages. */
  template?: CampaignTemplate | null;
  /** The flow builder's flow a contact's reply starts (once per contact). */
  flowId?: number | null;
  [message: `message${number}` | `confirmationMessage${number}`]: string | null;
}

export interface ShippingCounts {
  total: number;
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  confirmationRequested: number;
  confirmed: number;
}

export async function shippingCounts(db: Knex | Knex.Transaction, campaignIds: number[]): Promise<Map<number, ShippingCounts>> {
  const rows = await db('campaignShippings').whereIn('campaignId', campaignIds).groupBy('campaignId', 'state').select('campaignId', 'state', db.raw('count(*)::int AS n'));
  const out = new Map<number, ShippingCounts>();
  for (const id of campaignIds) out.set(id, { total: 0, pending: 0, sending: 0, sent: 0, failed: 0, confirmationRequested: 0, confirmed: 0 });
  for (const r of rows as { campaignId: number; state: string; n: number }[]) {
    const c = out.get(r.campaignId)!;
    c.total += r.n;
    if (r.state === 'pending') c.pending += r.n;
    else if (r.state === 'sending') c.sending += r.n;
    else if (r.state === 'sent') c.sent += r.n;
    else if (r.state === 'failed') c.failed += r.n;
    else if (r.state === 'confirmation_requested') c.confirmationRequested += r.n;
    else if (r.state === 'confirmed') c.confirmed += r.n;
  }
  return out;
}

/** The campaign as the API answers: its fields, list and connection names, and the shipping figures. */
export async function loadCampaigns(db: Knex | Knex.Transaction, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows: CampaignRow[] = await db('campaigns').where({ companyId }).whereIn('id', ids);
  const listIds = [...new Set(rows.map((r) => r.contactListId).filter((v): v is number => !!v))];
  const connIds = [...new Set(rows.flatMap((r) => r.whatsappIds))];
  const lists = new Map<number, string>((await db('contactLists').whereIn('id', listIds).select('id', 'name')).map((l: { id: number; name: string }) => [l.id, l.name]));
  const conns = new Map<number, string>((await db('whatsapps').where({ companyId }).whereIn('id', connIds).select('id', 'name')).map((w: { id: number; name: string }) => [w.id, w.name]));
  const counts = await shippingCounts(db, rows.map((r) => r.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is CampaignRow => !!r)
    .map((r) => {
      const { whatsappIds, ...rest } = r;
      const names = whatsappIds.map((id) => conns.get(id)).filter(Boolean);
      return {
        ...rest,
        whatsappId: whatsappIds.join(','),
        whatsappIds,
        whatsapp: names.length ? { name: names.join(', ') } : null,
        contactList: r.contactListId && lists.has(r.contactListId) ? { id: r.contactListId, name: lists.get(r.contactListId)! } : null,
        shipping: counts.get(r.id)!,
      };
    });
}
export type Campaign = Awaited<ReturnType<typeof loadCampaigns>>[number];

export const filledMessages = (row: CampaignRow): { index: number; body: string; confirmation: string | null }[] =>
  MESSAGE_SLOTS.map((n) => ({ index: n, body: row[`message${n}`] ?? '', confirmation: row[`confirmationMessage${n}`] ?? null })).filter((m) => m.body.trim());
