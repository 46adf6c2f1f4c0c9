import type { Knex } from 'knex';
import type { Bus } from '../ports/types.js';
import { createKeyedCache } from '../cache/keyed-cache.js';

/** Bus topic: a user's or a company's access changed; every node drops its cached state. */
export const ACCESS_CHANGED = 'core.auth.accessChanged';

/** TTL of a cached user state: only a safety net, writers invalidate through ACCESS_CHANGED. */
const CACHE_TTL_MS = 60_000;

interface UserState {
  companyId: number;
  tokenVersion: number;
  /** The company exists and is switched on. */
  companyActive: boolean;
  /** The company's due date (YYYY-MM-DD): the subscription guard reads it here, not per request. */
  companyDueDate: string | null;
}

/** What an access token carries that the gate checks (`tv`: the user's token_version at signing). */
export interface TokenClaims {
  id: number;
  companyId: number;
  tv?: number;
}

/**
 * Access tokens live 15 minutes; a deleted user, a user whose password changed (token_version
 * bumped) and a deleted or switched-off company must lose access at once (issue 17). Every
 * authenticated request and socket handshake asks the gate, which reads the user's state from a
 * per-process cache; writers call `changed()`, which drops the entry here at once and on every
 * other node through the bus.
 */
export interface TokenGate {
  /** True when the token's user still exists with the same token version, in an active company. */
  allows(claims: TokenClaims): Promise<boolean>;
  /** The due date of the user's company as cached for their last request (undefined: unknown user). */
  companyDueDate(userId: number): Promise<string | null | undefined>;
  /** A user's access changed (deleted, password changed) or a company's (deleted, switched off, renewed). */
  changed(scope: { userId?: number; companyId?: number }): Promise<void>;
  close(): void;
}

export function createTokenGate(db: Knex, bus: Bus): TokenGate {
  const cache = createKeyedCache<number, UserState | null>({
    ttlMs: CACHE_TTL_MS,
    load: async (userId) => {
      const row = await db('users')
        .leftJoin('companies', 'companies.id', 'users.companyId')
        .where('users.id', userId)
        .first('users.companyId as companyId', 'users.tokenVersion as tokenVersion', 'companies.status as status', 'companies.id as companyRow', 'companies.dueDate as dueDate');
      if (!row) return null;
      return {
        companyId: Number(row.companyId),
        tokenVersion: Number(row.tokenVersion),
        companyActive: row.companyRow != null && row.status !== false,
        companyDueDate: row.dueDate ?? null,
      };
    },
  });

  function drop(scope: { userId?: number; companyId?: number }): void {
    // A company change touches all its users: clearing everything is simpler and it is rare.
    if (scope.companyId !== undefined || scope.userId === undefined) cache.invalidate();
    else cache.invalidate(scope.userId);
  }

  const unsubscribe = bus.subscribe<{ userId?: number; companyId?: number }>(ACCESS_CHANGED, (message) => drop(message.payload ?? {}));

  return {
    async allows(claims) {
      if (!Number.isSafeInteger(claims.id) || claims.id <= 0 || claims.id > 2147483647) return false;
      const state = await cache.get(claims.id);
      return !!state && state.companyActive && state.companyId === claims.companyId && state.tokenVersion === (claims.tv ?? 0);
    },
    async companyDueDate(userId) {
      const state = await cache.get(userId);
      return state ? state.companyDueDate : undefined;
    },
    async changed(scope) {
      drop(scope);
      await bus.publish(ACCESS_CHANGED, scope, { companyId: scope.companyId ?? null });
    },
    close: unsubscribe,
  };
}
