import type { Knex } from 'knex';
import { Events, Rooms, type UserInput, type userUpdateSchema } from '@guiche/contracts';
import type { z } from 'zod';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import { hashPassword } from '../auth/password.js';
import type { CoreServices } from '../services.js';
import { SUPER_COMPANY_ID } from './seed.js';
import { assertPlanRoom, lockCompany } from './users-plan-limits.js';
import { userWithQueues } from './users-query.js';

type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Fields only an admin may change, on anyone (account-admin.md §2 user dialog). */
const adminOnlyFields = ['profile', 'queueIds', 'whatsappId', 'startWork', 'endWork', 'allTicket', 'allowGroup', 'showDashboard', 'allowRealTime', 'allowConnections'] as const;

export const isAdmin = (auth: AuthUser) => auth.profile === 'admin' || auth.super;

/** company-{id}-user goes to the company's admins and to the user concerned. */
export function emitUser(core: CoreServices, companyId: number, userId: number, payload: Record<string, unknown>): void {
  core.realtime.emit([Rooms.companyAdmins(companyId), Rooms.user(userId)], Events.user(companyId), payload);
}

async function assertEmailFree(db: Knex, email: string, exceptId?: number): Promise<void> {
  const query = db('users').whereRaw('lower(email) = lower(?)', [email]);
  if (exceptId) query.whereNot({ id: exceptId });
  if (await query.first('id')) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
}

async function assertCompanyQueues(db: Knex, companyId: number, queueIds: number[]): Promise<void> {
  const owned = await db('queues').where({ companyId }).whereIn('id', queueIds).pluck('id');
  if (owned.length !== new Set(queueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND', 400);
}

/** A user's default connection (whatsappId) must be one of the company's connections. */
async function assertCompanyConnection(db: Knex, companyId: number, whatsappId: number | null | undefined): Promise<void> {
  if (whatsappId == null) return;
  if (!(await db('whatsapps').where({ companyId, id: whatsappId }).first('id'))) throw new AppError('ERR_NO_WAPP_FOUND', 400);
}

async function setUserQueues(trx: Knex.Transaction, companyId: number, userId: number, queueIds: number[]): Promise<void> {
  await trx('userQueues').where({ userId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length) await trx('userQueues').insert(unique.map((queueId) => ({ userId, queueId, companyId })));
}

/**
 * userCreation is a super-only setting: the super user switches it on the platform company
 * (company 1); a company's own value counts too. The super user is never blocked by it.
 */
async function userCreationDisabled(core: CoreServices, companyId: number): Promise<boolean> {
  const values = await Promise.all([core.settings.get(SUPER_COMPANY_ID, 'userCreation'), core.settings.get(companyId, 'userCreation')]);
  return values.includes('disabled');
}

export async function createUser(core: CoreServices, auth: AuthUser, input: UserInput): Promise<Record<string, unknown>> {
  if (!auth.super && (await userCreationDisabled(core, auth.companyId))) throw new AppError('ERR_USER_CREATION_DISABLED', 403);
  const { password, queueIds, ...fields } = input;
  await assertEmailFree(core.db, fields.email);
  await assertCompanyQueues(core.db, auth.companyId, queueIds);
  await assertCompanyConnection(core.db, auth.companyId, fields.whatsappId);
  const passwordHash = await hashPassword(password);
  const row = await core.db.transaction(async (trx) => {
    const company = await lockCompany(trx, auth.companyId);
    await assertPlanRoom(trx, auth.companyId, company, 'users');
    const [created] = await trx('users').insert({ ...fields, companyId: auth.companyId, passwordHash }).returning('*');
    await setUserQueues(trx, auth.companyId, created.id, queueIds);
    return created;
  });
  const user = await userWithQueues(core.db, row);
  emitUser(core, auth.companyId, row.id, { action: 'create', user });
  return user;
}

export async function updateUser(core: CoreServices, auth: AuthUser, id: number, body: UserUpdate): Promise<Record<string, unknown>> {
  const admin = isAdmin(auth);
  if (!admin && auth.id !== id) throw new AppError('ERR_NO_PERMISSION', 403);
  const target = await core.db('users').where({ id, companyId: auth.companyId }).first('id', 'super');
  if (!target) throw new AppError('ERR_NO_USER_FOUND', 404);
  // The platform's super user is managed only by a super user (company 1 may have other admins).
  if (target.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);

  const { password, queueIds, ...fields } = body;
  if (!admin) {
    const forbidden = adminOnlyFields.filter((f) => body[f] !== undefined);
    if (forbidden.length) throw new AppError('ERR_NO_PERMISSION', 403, { fields: forbidden });
  }
  if (fields.email) await assertEmailFree(core.db, fields.email, target.id);
  if (queueIds) await assertCompanyQueues(core.db, auth.companyId, queueIds);
  await assertCompanyConnection(core.db, auth.companyId, fields.whatsappId);
  const changes: Record<string, unknown> = { ...fields, updatedAt: core.db.fn.now() };
  if (password) {
    changes.passwordHash = await hashPassword(password);
    // Tokens signed before the change stop working at once (the token gate compares versions).
    changes.tokenVersion = core.db.raw('token_version + 1');
  }

  await core.db.transaction(async (trx) => {
    await trx('users').where({ id: target.id }).update(changes);
    if (queueIds) await setUserQueues(trx, auth.companyId, target.id, queueIds);
  });
  if (password) await core.tokens.changed({ userId: target.id });
  const user = await userWithQueues(core.db, await core.db('users').where({ id: target.id }).first());
  emitUser(core, auth.companyId, target.id, { action: 'update', user });
  return user;
}

export async function deleteUser(core: CoreServices, auth: AuthUser, id: number): Promise<void> {
  if (id === auth.id) throw new AppError('ERR_NO_PERMISSION', 403, { reason: 'self' });
  const target = await core.db('users').where({ id, companyId: auth.companyId }).first('id', 'super', 'profileImage');
  if (!target) throw new AppError('ERR_NO_USER_FOUND', 404);
  if (target.super && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
  await core.db('users').where({ id: target.id }).delete();
  await core.tokens.changed({ userId: target.id });
  if (target.profileImage) await core.storage.remove(target.profileImage).catch(() => undefined);
  emitUser(core, auth.companyId, target.id, { action: 'delete', userId: target.id });
  await core.realtime.disconnectUser(target.id);
}
