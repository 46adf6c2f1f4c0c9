import type { Knex } from 'knex';
import { GraphClient, decryptSecret, encryptSecret, maskSecret } from '@guiche/meta-graph';
import { recentReads } from './recent-reads.js';

export interface CloudAccount {
  connectionId: number;
  companyId: number;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  lastError: string | null;
  /** The number's digits as Graph displays it (read when the session starts; quality webhooks name the number by it). */
  displayNumber: string | null;
}

export interface CloudAccountInput {
  phoneNumberId: string;
  wabaId: string;
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
}

const TABLE = 'whatsappCloudAccounts';

function decode(row: Record<string, any>): CloudAccount {
  return {
    connectionId: row.connectionId,
    companyId: row.companyId,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    accessToken: decryptSecret(row.accessToken),
    appSecret: decryptSecret(row.appSecret),
    verifyToken: decryptSecret(row.verifyToken),
    lastError: row.lastError ?? null,
    displayNumber: row.displayNumber ?? null,
  };
}

export async function loadAccount(db: Knex, connectionId: number): Promise<CloudAccount | null> {
  const row = await db(TABLE).where({ connectionId }).first();
  return row ? decode(row) : null;
}

/** Status webhooks of one number come in bursts (a campaign's): their processing reads its account once per RECENT_ACCOUNT_MS. */
const RECENT_ACCOUNT_MS = 5000;
const recentAccounts = (db: Knex) => recentReads<CloudAccount>(db, 'accounts', { max: 1000, ttlMs: RECENT_ACCOUNT_MS });

/**
 * The account as this node read it in the last few seconds — for processing webhooks already
 * verified (never for checking a signature: that reads the row). A change saved through this node
 * is seen at once; one saved through another node within RECENT_ACCOUNT_MS.
 */
export async function recentAccount(db: Knex, connectionId: number): Promise<CloudAccount | null> {
  const cached = recentAccounts(db).get(String(connectionId));
  if (cached) return cached;
  const account = await loadAccount(db, connectionId);
  if (account) recentAccounts(db).set(String(connectionId), account);
  return account;
}

/** The account behind a webhook URL (the connection's token names it). */
export async function accountByConnectionToken(db: Knex, token: string): Promise<CloudAccount | null> {
  const row = await db(TABLE).join('whatsapps', 'whatsapps.id', `${TABLE}.connectionId`).where({ 'whatsapps.token': token, 'whatsapps.channel': 'whatsappapi' }).first(`${TABLE}.*`);
  return row ? decode(row) : null;
}

/** Creates or updates; a secret left out keeps its stored value (the dialog never gets it back). */
export async function saveAccount(db: Knex, companyId: number, connectionId: number, input: CloudAccountInput): Promise<void> {
  const current = await db(TABLE).where({ connectionId }).first('accessToken', 'appSecret', 'verifyToken');
  const accessToken = input.accessToken ? encryptSecret(input.accessToken) : current?.accessToken;
  const appSecret = input.appSecret ? encryptSecret(input.appSecret) : current?.appSecret;
  const verifyToken = input.verifyToken ? encryptSecret(input.verifyToken) : current?.verifyToken;
  if (!accessToken || !appSecret || !verifyToken) throw new Error('secrets required');
  const row = { connectionId, companyId, phoneNumberId: input.phoneNumberId, wabaId: input.wabaId, accessToken, appSecret, verifyToken, lastError: null, updatedAt: db.fn.now() };
  await db(TABLE).insert(row).onConflict('connectionId').merge();
  recentAccounts(db).delete(String(connectionId));
}

export async function setLastError(db: Knex, connectionId: number, error: string | null): Promise<void> {
  await db(TABLE).where({ connectionId }).update({ lastError: error?.slice(0, 500) ?? null, updatedAt: db.fn.now() });
  recentAccounts(db).delete(String(connectionId));
}

/** What GET answers: ids in full, secrets masked. */
export function publicView(account: CloudAccount) {
  return {
    phoneNumberId: account.phoneNumberId,
    wabaId: account.wabaId,
    accessToken: maskSecret(account.accessToken),
    appSecret: maskSecret(account.appSecret),
    verifyToken: maskSecret(account.verifyToken),
    lastError: account.lastError,
  };
}

export function clientOf(account: CloudAccount): GraphClient {
  return new GraphClient({ accessToken: account.accessToken, gateKey: `whatsappapi:${account.phoneNumberId}` });
}
