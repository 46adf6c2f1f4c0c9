import {
  normalizeContactNumber,
  ContactV,
  type Contact,
  type ContactChannel,
  type ContactImportRow,
  type ContactInput,
} from '@guiche/contracts';
import type { z } from 'zod';
import type { contactUpdateSchema } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { emitContact } from './contact-events.js';
import { CONTACT_NUMBER_INDEX, findByNumber, findContact, isUniqueViolation, replaceExtraInfo } from './contact-repository.js';
import { checkOwner, ownerByEmail } from './wallets.js';

type ContactUpdate = z.infer<typeof contactUpdateSchema>;

function invalidNumber(): AppError {
  return new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['number'], message: ContactV.contactNumber }] });
}

function storedNumber(channel: ContactChannel, number: string, isGroup = false): string {
  const stored = normalizeContactNumber(channel, number, isGroup);
  if (!stored) throw invalidNumber();
  return stored;
}

/** Runs a write; the unique index on (company, channel, number) turns a lost race into a 409. */
async function guardDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, CONTACT_NUMBER_INDEX)) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    throw error;
  }
}

async function mustFind(core: CoreServices, companyId: number, id: number): Promise<Contact> {
  const contact = await findContact(core.db, companyId, id);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  return contact;
}

export function createContactService(core: CoreServices) {
  const { db } = core;

  async function create(companyId: number, input: ContactInput): Promise<Contact> {
    const number = storedNumber(input.channel, input.number);
    if (await findByNumber(db, companyId, input.channel, number)) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    await checkOwner(db, companyId, input.ownerUserId);
    const acceptAudioMessage = (await core.settings.get(companyId, 'acceptAudioMessageContact')) === 'enabled';
    const id = await guardDuplicate(() =>
      db.transaction(async (trx) => {
        const [row] = await trx('contacts')
          .insert({ companyId, name: input.name, number, email: input.email, channel: input.channel, acceptAudioMessage, ownerUserId: input.ownerUserId ?? null, birthday: input.birthday ?? null })
          .returning('id');
        await replaceExtraInfo(trx, companyId, row.id, input.extraInfo);
        return row.id as number;
      }),
    );
    const contact = await mustFind(core, companyId, id);
    await emitContact(core, companyId, 'create', contact);
    return contact;
  }

  async function update(companyId: number, id: number, input: ContactUpdate): Promise<Contact> {
    const current = await mustFind(core, companyId, id);
    await checkOwner(db, companyId, input.ownerUserId);
    const { extraInfo, ...fields } = input;
    const changes: Record<string, unknown> = { ...fields, updatedAt: db.fn.now() };
    if (fields.number !== undefined) {
      const number = storedNumber(current.channel, fields.number, current.isGroup);
      const other = await findByNumber(db, companyId, current.channel, number);
      if (other && other.id !== id) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
      changes.number = number;
    }
    await guardDuplicate(() =>
      db.transaction(async (trx) => {
        await trx('contacts').where({ id, companyId }).update(changes);
        if (extraInfo) await replaceExtraInfo(trx, companyId, id, extraInfo);
      }),
    );
    const contact = await mustFind(core, companyId, id);
    await emitContact(core, companyId, 'update', contact);
    return contact;
  }

  /** Sets one column and tells the company; the value is computed in SQL so two clicks never cross. */
  async function setFlag(companyId: number, id: number, change: Record<string, unknown>): Promise<Contact> {
    const updated = await db('contacts').where({ id, companyId }).update({ ...change, updatedAt: db.fn.now() });
    if (!updated) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    const contact = await mustFind(core, companyId, id);
    await emitContact(core, companyId, 'update', contact);
    return contact;
  }

  /** A WhatsApp contact by number: created, or its name (and e-mail when given) updated. */
  async function importRow(companyId: number, row: ContactImportRow): Promise<{ contact: Contact; created: boolean }> {
    // A row is a WhatsApp contact: letters make it no phone number (a website visitor's id in a backup), not a number of its digits.
    if (/\p{L}/u.test(row.number)) throw invalidNumber();
    const number = storedNumber('whatsapp', row.number);
    const { ownerEmail, birthday, ...plain } = row;
    const extra = {
      ...(ownerEmail ? { ownerUserId: await ownerByEmail(db, companyId, ownerEmail) } : {}),
      ...(birthday ? { birthday } : {}),
    };
    const existing = await findByNumber(db, companyId, 'whatsapp', number);
    if (!existing) {
      try {
        return { contact: await create(companyId, { ...plain, ...extra, channel: 'whatsapp', extraInfo: [] }), created: true };
      } catch (error) {
        // Another import created it in between: fall through to the update.
        if (!(error instanceof AppError && error.code === 'ERR_DUPLICATED_CONTACT')) throw error;
      }
    }
    const target = existing ?? (await findByNumber(db, companyId, 'whatsapp', number));
    if (!target) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    return { contact: await update(companyId, target.id, { name: row.name, ...(row.email ? { email: row.email } : {}), ...extra }), created: false };
  }

  return {
    find: mustFind.bind(null, core),
    create,
    update,
    importRow,
    toggle: (companyId: number, id: number, column: 'disableBot' | 'acceptAudioMessage') =>
      setFlag(companyId, id, { [column]: db.raw('NOT ??', [column]) }),
    setActive: (companyId: number, id: number, active: boolean) => setFlag(companyId, id, { active }),
    async remove(companyId: number, id: number): Promise<void> {
      const deleted = await db('contacts').where({ id, companyId }).delete();
      if (!deleted) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
