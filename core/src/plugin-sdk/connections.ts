import type { WithinTransaction } from './timed-work.js';

/** A connection (a channel account of a company) as plugins see it: never its secrets. */
export interface ConnectionSummary {
  id: number;
  companyId: number;
  name: string;
  /** The channel id (whatsapp, whatsappapi, facebook, instagram, webchat …). */
  channel: string;
  /** CONNECTED, OPENING, qrcode, PAIRING, DISCONNECTED, TIMEOUT. */
  status: string;
  isDefault: boolean;
}

/**
 * Connections for plugins (ctx.connections), instead of querying core's `whatsapps` table. `within`
 * reads in the caller's transaction (a timed job's claim: on the embedded default a read outside it waits for it).
 */
export interface ConnectionService {
  /** The company's connection, or null (a connection of another company is null too). */
  find(companyId: number, id: number, within?: Pick<WithinTransaction, 'trx'>): Promise<ConnectionSummary | null>;
  /** The company's connections among ids, ordered by id; ids of other companies are silently absent. */
  findMany(companyId: number, ids: readonly number[], within?: Pick<WithinTransaction, 'trx'>): Promise<ConnectionSummary[]>;
  /** The company's connections whose session is CONNECTED now (of these channels, when given), the default first. */
  connected(companyId: number, channels?: readonly string[], within?: Pick<WithinTransaction, 'trx'>): Promise<ConnectionSummary[]>;
  /** The company's default connection, or null when it has none. */
  defaultOf(companyId: number, within?: Pick<WithinTransaction, 'trx'>): Promise<ConnectionSummary | null>;
  /** The connection whose current token this is (any company: the token is the credential), or null. */
  byToken(token: string): Promise<ConnectionSummary | null>;
  /** The API token of the company's connection (never a website chat's: its token is a public key), or null. */
  apiToken(companyId: number, id: number): Promise<string | null>;
  /**
   * Starts the company's connection's session again (OPENING; the node holding its lease starts it),
   * e.g. once a channel's route saved new credentials. False when the company has no such connection.
   */
  start(companyId: number, id: number): Promise<boolean>;
  /** A new API token for the company's connection, the old one refused from now on; null when there is no such connection (or a website chat). */
  rotateApiToken(companyId: number, id: number): Promise<string | null>;
}
