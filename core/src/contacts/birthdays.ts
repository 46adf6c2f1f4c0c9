import type { Knex } from 'knex';
import { SettingDefaults, type BirthdaySkipReason } from '@guiche/contracts';
import type { TimedJob } from '../plugin-sdk/timed-work.js';
import { AppError } from '../plugin-sdk/types.js';
import { createPluginTickets } from '../messaging/plugin-tickets.js';
import { buildVariables, renderVariables } from '../messaging/variables.js';
import type { CoreServices } from '../services.js';
import { greetingNeeds, recordSkip, templateSend } from './birthday-cloud.js';
import { birthdaysOn, localInstant, localMoment, nextDay, type LocalMoment } from './birthday-day.js';

export const BIRTHDAY_KIND = 'contacts.birthdays';
/** Greetings one claim sends; more left → the row is due again at once (a claim stays short). */
export const BIRTHDAY_BATCH = 100;
/** Settings whose change sets the company's row again. */
export const BIRTHDAY_SETTING_KEYS = ['birthdayMessages', 'birthdayTime'];

interface DueContact {
  id: number;
  name: string;
  companyId: number;
}

/** The company's contacts whose birthday is today and who were not greeted today, locked for this claim. */
function dueContacts(trx: Knex.Transaction, companyId: number, local: LocalMoment, limit: number): Promise<DueContact[]> {
  return trx('contacts')
    .where({ companyId, active: true, isGroup: false })
    .whereNotNull('birthday')
    .where((q) => {
      for (const { month, day } of birthdaysOn(local)) q.orWhereRaw('(extract(month from birthday) = ? and extract(day from birthday) = ?)', [month, day]);
    })
    .where((q) => q.whereNull('birthdayGreetedOn').orWhere('birthdayGreetedOn', '<', local.day))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select('id', 'name', 'companyId');
}

/** The connection the contact last talked through (its newest ticket's), if it still exists. */
async function lastConnection(trx: Knex.Transaction, contact: DueContact): Promise<{ id: number; name: string; channel: string } | undefined> {
  return trx('tickets')
    .join('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
    .where({ 'tickets.companyId': contact.companyId, 'tickets.contactId': contact.id, 'whatsapps.companyId': contact.companyId })
    .orderBy([{ column: 'tickets.updatedAt', order: 'desc' }, { column: 'tickets.id', order: 'desc' }])
    .first('whatsapps.id', 'whatsapps.name', 'whatsapps.channel');
}

const TEMPLATE_ERRORS = ['ERR_TEMPLATE_NOT_FOUND', 'ERR_TEMPLATE_VARIABLES', 'ERR_TEMPLATE_HEADER_MEDIA'];

/**
 * One greeting inside the claim: the message is stored into the contact's ticket on their last
 * connection and queued after commit, and the contact is marked greeted today in the same commit —
 * a kill before it sends nothing and the row fires again; after it, the mark keeps it to once.
 * On a channel with a window (Cloud API) that is closed, it goes as the connection's birthday
 * template; without one (or one Meta no longer approves) it is skipped and recorded for the admins.
 */
async function greet(core: CoreServices, job: TimedJob, contact: DueContact, message: string): Promise<void> {
  const { trx } = job;
  const day = localMoment(job.now).day;
  await trx('contacts').where({ id: contact.id }).update({ birthdayGreetedOn: day });
  const connection = await lastConnection(trx, contact);
  if (!connection) return;
  const skip = (reason: BirthdaySkipReason) => {
    core.log.warn({ contactId: contact.id, connectionId: connection.id, reason }, 'birthday greeting skipped');
    return recordSkip(trx, { companyId: contact.companyId, connectionId: connection.id, contactId: contact.id, day, reason });
  };
  const needs = await greetingNeeds(core, trx, { companyId: contact.companyId, contactId: contact.id, connection }, job.now);
  if (needs && 'skip' in needs) return skip(needs.skip);
  try {
    await trx.transaction(async (sp) => {
      const within = { trx: sp, afterCommit: job.afterCommit };
      const target = await createPluginTickets(core).forOutbound(sp, contact.companyId, connection.id, contact.id);
      const ticket: { id: number; createdAt: Date } = await sp('tickets').where({ id: target.ticketId }).first('id', 'createdAt');
      const variables = buildVariables({ contactName: contact.name, ticketId: ticket.id, ticketCreatedAt: new Date(ticket.createdAt), connectionName: connection.name, now: job.now });
      const content = needs ? await templateSend(sp, needs, connection.id, variables) : { body: renderVariables(message, variables) };
      await core.channels.sender.send({ companyId: contact.companyId, ticketId: target.ticketId, userId: null, ...content }, within);
      job.afterCommit(async () => {
        if (target.change) await createPluginTickets(core).announce(target.ticketId, target.previous);
      });
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The template is gone or paused at Meta (or its variables changed): the admins see it and choose another.
    if (TEMPLATE_ERRORS.includes(error.code)) return skip('templateUnusable');
    // This contact cannot be reached (e.g. the connection's channel refuses it): greeted is kept, never retried all day.
    core.log.warn({ contactId: contact.id, code: error.code }, 'birthday greeting not sent');
  }
}

/**
 * The company's daily row: greets today's birthdays not greeted yet (up to BIRTHDAY_BATCH, then at
 * once again), then is set for tomorrow's send time. Switched off, the row is dropped.
 */
export async function sendBirthdayGreetings(core: CoreServices, job: TimedJob): Promise<void | { rescheduleAt: Date }> {
  const companyId = job.companyId;
  if (companyId === null) return;
  const settings: { key: string; value: string }[] = await job.trx('settings').where({ companyId }).whereIn('key', ['birthdayMessages', 'birthdayMessage', 'birthdayTime']).select('key', 'value');
  const value = (key: string) => settings.find((r) => r.key === key)?.value ?? SettingDefaults[key];
  if (value('birthdayMessages') !== 'enabled') return;
  const local = localMoment(job.now);
  const time = value('birthdayTime');
  if (local.time < time) return { rescheduleAt: localInstant(local.day, time) };
  const message = value('birthdayMessage');
  const contacts = message.trim() ? await dueContacts(job.trx, companyId, local, BIRTHDAY_BATCH) : [];
  for (const contact of contacts) await greet(core, job, contact, message);
  if (contacts.length === BIRTHDAY_BATCH) return { rescheduleAt: job.now };
  return { rescheduleAt: localInstant(nextDay(local.day), time) };
}

export function defineBirthdays(core: CoreServices): void {
  core.timedWork.define(BIRTHDAY_KIND, (job) => sendBirthdayGreetings(core, job));
}

/**
 * Sets (or drops) the company's row after its birthday settings changed: due at today's send time
 * while it is ahead, else at once — today's birthdays not greeted yet still get theirs — and the
 * run sets it for the next day.
 */
export async function armBirthdays(core: CoreServices, companyId: number, now = new Date()): Promise<void> {
  const key = String(companyId);
  if ((await core.settings.get(companyId, 'birthdayMessages')) !== 'enabled') {
    await core.timedWork.cancel(BIRTHDAY_KIND, key);
    return;
  }
  const local = localMoment(now);
  const at = localInstant(local.day, await core.settings.get(companyId, 'birthdayTime'));
  await core.timedWork.schedule({ kind: BIRTHDAY_KIND, key, companyId, dueAt: at > now ? at : now, payload: {} });
}
