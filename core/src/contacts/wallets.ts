import type { Knex } from 'knex';
import type { WalletOwner } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';

/** A contact's owner must be a user of the contact's company (400 otherwise, never another tenant's id). */
export async function checkOwner(db: Knex, companyId: number, ownerUserId: number | null | undefined): Promise<void> {
  if (ownerUserId === null || ownerUserId === undefined) return;
  const user = await db('users').where({ id: ownerUserId, companyId }).first('id');
  if (!user) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['ownerUserId'], message: 'validation.contactOwner' }] });
}

/** The user of the company with this e-mail (the import's wallet column), or a 400 naming the column. */
export async function ownerByEmail(db: Knex, companyId: number, email: string): Promise<number> {
  const user = await db('users').where({ companyId }).whereRaw('lower(email) = lower(?)', [email]).first('id');
  if (!user) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['ownerEmail'], message: 'validation.contactOwner' }] });
  return user.id as number;
}

/** The company's agents who own contacts, with how many each (only `userId` when given), by name. */
export async function listWalletOwners(db: Knex, companyId: number, userId?: number): Promise<WalletOwner[]> {
  const query = db('contacts')
    .join('users', function () {
      this.on('users.id', 'contacts.ownerUserId').andOn('users.companyId', 'contacts.companyId');
    })
    .where('contacts.companyId', companyId)
    .groupBy('users.id', 'users.name', 'users.email')
    .orderBy([{ column: 'users.name' }, { column: 'users.id' }])
    .select('users.id as userId', 'users.name', 'users.email', db.raw('count(*)::int as contacts'));
  if (userId !== undefined) query.where('users.id', userId);
  return query;
}

/** Puts the contacts in `ownerUserId`'s wallet (null: out of any); answers the ids that were the company's. */
export async function setOwners(db: Knex, companyId: number, contactIds: number[], ownerUserId: number | null): Promise<number[]> {
  const rows: { id: number }[] = await db('contacts')
    .where({ companyId })
    .whereIn('id', [...new Set(contactIds)])
    .update({ ownerUserId, updatedAt: db.fn.now() })
    .returning('id');
  return rows.map((r) => r.id);
}
