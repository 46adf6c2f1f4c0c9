import { ContactChannels, ContactV, Events, Rooms, normalizeContactNumber, type ContactChannel, type ContactImportProgress, type ContactImportResult, type ContactImportSource } from '@guiche/contracts';
import { getDefaultConnection } from '../connections/repository.js';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { ContactService } from './contact-service.js';

/**
 * Contacts and the channel's running session (inbox.md §5, §7): the number check on create, the
 * profile lookup and the address-book import. The session may run on another node: every question
 * goes through core.channels.call (request/reply over the bus).
 */

const NAME_MAX = 50;

async function defaultConnection(core: CoreServices, companyId: number, userId: number): Promise<{ id: number; channel: string } | null> {
  try {
    return await getDefaultConnection(core.db, companyId, userId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_NO_DEF_WAPP_FOUND') return null;
    throw error;
  }
}

/**
 * The number to store for a new contact. On a company whose default connection is a WhatsApp one
 * whose session checks numbers, the running session must know it (ERR_WAPP_INVALID_CONTACT when it
 * says no; its answer, e.g. with WhatsApp's own digits, is what gets stored). Without a running
 * session the check is skipped: the contact is created as typed.
 */
export async function checkedNumber(core: CoreServices, companyId: number, userId: number, channel: ContactChannel, number: string): Promise<string> {
  if (channel !== 'whatsapp') return number;
  const connection = await defaultConnection(core, companyId, userId);
  // Whether the session can check is its own answer (the API node may not load the channel's plugin).
  if (connection?.channel !== 'whatsapp') return number;
  let accepted: string | null;
  try {
    accepted = await core.channels.call(connection.id, { method: 'checkNumber', args: [number] }, 'ERR_WAPP_CHECK_CONTACT');
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED') return number;
    throw error;
  }
  if (accepted === null) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
  return /^\d{8,}$/.test(accepted) ? accepted : number;
}

/** The connection whose session answers profile and import questions; 400 ERR_WAPP_NOT_INITIALIZED without one. */
async function sessionConnection(core: CoreServices, companyId: number, userId: number): Promise<{ id: number; channel: ContactChannel }> {
  const connection = await defaultConnection(core, companyId, userId);
  if (!connection || !(ContactChannels as readonly string[]).includes(connection.channel)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return { id: connection.id, channel: connection.channel as ContactChannel };
}

/** GET /contacts/profile/{number}: the name and picture the channel shows for a number. */
export async function channelProfile(core: CoreServices, companyId: number, userId: number, number: string) {
  const connection = await sessionConnection(core, companyId, userId);
  const id = normalizeContactNumber(connection.channel, number);
  if (!id) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['number'], message: ContactV.contactNumber }] });
  const profile = await core.channels.call(connection.id, { method: 'profile', args: [{ id, number: id }] });
  return { number: id, name: profile.name ?? null, profilePicUrl: profile.pictureUrl ?? null };
}

function importName(name: string | undefined, number: string): string {
  const trimmed = (name ?? '').trim().slice(0, NAME_MAX).trim();
  return trimmed.length >= 2 ? trimmed : number;
}

const PROGRESS_EVERY = 100;
const LOOKUP_CHUNK = 1000;

/** The contacts of these numbers that already exist on the channel, read in chunks (one query per thousand, not per person). */
async function existingByNumber(core: CoreServices, companyId: number, channel: ContactChannel, numbers: string[]) {
  const found = new Map<string, { id: number; name: string; number: string }>();
  for (let at = 0; at < numbers.length; at += LOOKUP_CHUNK) {
    const rows: { id: number; name: string; number: string }[] = await core
      .db('contacts')
      .where({ companyId, channel })
      .whereIn('number', numbers.slice(at, at + LOOKUP_CHUNK))
      .select('id', 'name', 'number');
    for (const row of rows) found.set(row.number, row);
  }
  return found;
}

/**
 * POST /contacts/import (the address book) and POST /contacts/import/chats (the people the phone has
 * chats with): each person becomes a contact of the connection's channel. Existing contacts keep what
 * agents wrote; only a contact still named by its number takes the phone's name (counted as updated).
 * Groups are not people: skipped. The importing user is told the progress live.
 */
export async function importChannelContacts(
  core: CoreServices,
  contacts: ContactService,
  companyId: number,
  userId: number,
  source: ContactImportSource = 'contacts',
): Promise<ContactImportResult> {
  const connection = await sessionConnection(core, companyId, userId);
  const peers = await core.channels.call(connection.id, { method: source, args: [] });
  const result: ContactImportResult = { created: 0, updated: 0, errors: [] };
  const people: { row: number; number: string; name: string }[] = [];
  for (const [index, peer] of peers.entries()) {
    if (peer.isGroup) continue;
    const number = normalizeContactNumber(connection.channel, peer.number ?? peer.id);
    if (number) people.push({ row: index + 1, number, name: importName(peer.name, number) });
    else result.errors.push({ row: index + 1, error: ContactV.contactNumber, field: 'number' });
  }
  const existing = await existingByNumber(core, companyId, connection.channel, people.map((p) => p.number));
  const progress = (done: number) => {
    const payload: ContactImportProgress = { action: 'progress', source, done, total: people.length };
    core.realtime.emit(Rooms.user(userId), Events.contactImport(companyId), payload);
  };
  progress(0);
  for (const [done, { row, number, name }] of people.entries()) {
    const known = existing.get(number);
    try {
      if (!known) {
        await contacts.create(companyId, { name, number, email: '', channel: connection.channel, extraInfo: [] });
        result.created++;
      } else if ((known.name === known.number || !known.name.trim()) && name !== number) {
        await contacts.update(companyId, known.id, { name });
        result.updated++;
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Created meanwhile by someone else: it exists, which is what the import wanted.
      if (error.code !== 'ERR_DUPLICATED_CONTACT') result.errors.push({ row, error: error.code });
    }
    if ((done + 1) % PROGRESS_EVERY === 0) progress(done + 1);
  }
  progress(people.length);
  return result;
}
