import type { Knex } from 'knex';
import type { Language, PlantaoDay, PlantaoTemplate } from '@guiche/contracts';
import { AppError, type PluginContext, type WithinTransaction } from '@guiche/core';
import { pageContent, type AlertFields } from './cloud-page.js';
import { pageLanguage } from './page-texts.js';
import { announceRota, PLANTOES } from './plantao-service.js';
import { isOnCall } from './window.js';

export interface OnDuty {
  id: number;
  companyId: number;
  userId: number;
  phone: string;
  template: PlantaoTemplate | null;
  lastError: string | null;
}

type Row = Omit<OnDuty, 'template'> & { days: PlantaoDay[] | string; template: PlantaoTemplate | string | null };
const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const COLUMNS = ['id', 'companyId', 'userId', 'phone', 'days', 'template', 'lastError'] as const;
const rotas = (trx: Knex) => trx(PLANTOES);

const toOnDuty = ({ days: _days, template, ...rest }: Row): OnDuty => ({ ...rest, template: template ? parse(template) : null });

/**
 * The company's on-call people whose window is open at `now`, in rota order (the one-shot alerts page each
 * of them); `slaBreaches` keeps only the rotas that asked to be paged on SLA breaches.
 */
export async function onDuty(trx: Knex, companyId: number, now: Date, only: { slaBreaches?: boolean } = {}): Promise<OnDuty[]> {
  const rows: Row[] = await rotas(trx)
    .where({ companyId, ...(only.slaBreaches ? { pageSlaBreaches: true } : {}) })
    .orderBy('id')
    .select(...COLUMNS);
  return rows.filter((p) => isOnCall(parse(p.days), now)).map(toOnDuty);
}

/** One rota as a page's recipient (the repeating alert reads its own rota). */
export async function rotaRecipient(trx: Knex, id: number): Promise<(OnDuty & { days: PlantaoDay[]; interval: number }) | undefined> {
  const row: (Row & { interval: number }) | undefined = await rotas(trx).where({ id }).first(...COLUMNS, 'interval');
  return row ? { ...toOnDuty(row), days: parse(row.days), interval: row.interval } : undefined;
}

type PageCtx = Pick<PluginContext, 'conversations' | 'messages' | 'db' | 'realtime' | 'users'>;

/**
 * One page to one on-call person, in their own conversation on the connection, assigned to them (never
 * a waiting ticket itself), within the caller's transaction. On a WhatsApp Cloud API connection with
 * the phone's window closed it goes as the rota's template (cloud-page.ts); when it cannot go at all
 * the code is kept on the rota (`lastError`, shown to the admins on the page) and false is answered.
 */
export async function pageOne(ctx: PageCtx, within: WithinTransaction, to: { companyId: number; connection: { id: number; channel: string } }, person: OnDuty, alert: (language: Language) => AlertFields, now: Date): Promise<boolean> {
  const { trx } = within;
  // The duty user's language: the page's text is written in it.
  const fields = alert(pageLanguage((await ctx.users.findById(person.companyId, person.userId))?.language));
  let content: Awaited<ReturnType<typeof pageContent>>;
  try {
    content = await pageContent(ctx, trx, { ...to, phone: person.phone, template: person.template }, fields, now);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await trx(PLANTOES).where({ id: person.id }).update({ lastError: err.code, lastErrorAt: now });
    within.afterCommit(() => announceRota(ctx, person.companyId, person.id));
    return false;
  }
  const conversation = await ctx.conversations.open({ companyId: to.companyId, connectionId: to.connection.id, number: person.phone, userId: person.userId }, within);
  await ctx.messages.send({ companyId: to.companyId, ticketId: conversation.ticketId, userId: null, ...content }, within);
  if (person.lastError) {
    await trx(PLANTOES).where({ id: person.id }).update({ lastError: null, lastErrorAt: null });
    within.afterCommit(() => announceRota(ctx, person.companyId, person.id));
  }
  return true;
}

/** One page to each of them (each in their language); answers how many were sent. */
export async function tellOnDuty(ctx: PageCtx, within: WithinTransaction, to: { companyId: number; connection: { id: number; channel: string } }, people: OnDuty[], alert: (language: Language) => AlertFields, now: Date): Promise<number> {
  let sent = 0;
  for (const person of people) if (await pageOne(ctx, within, to, person, alert, now)) sent++;
  return sent;
}
