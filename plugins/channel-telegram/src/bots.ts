import type { Knex } from 'knex';
import type { SecretBox } from '@guiche/core';

export const BOTS_TABLE = 'telegramBots';

export interface TelegramBot {
  connectionId: number;
  companyId: number;
  botId: number;
  username: string;
  token: string;
  webhookSecret: string;
  updateOffset: number;
  lastError: string | null;
}

/** The telegram_bots rows of this plugin, with the token and webhook secret opened. */
export function botStore(db: Knex, box: SecretBox) {
  return {
    async load(connectionId: number): Promise<TelegramBot | null> {
      const row = await db(BOTS_TABLE).where({ connectionId }).first();
      if (!row) return null;
      return { ...row, botId: Number(row.botId), updateOffset: Number(row.updateOffset), token: box.open(row.token), webhookSecret: box.open(row.webhookSecret) };
    },
    /** The connection that already has this bot, if any (Telegram delivers a bot's updates to one place). */
    async connectionOfBot(botId: number): Promise<number | null> {
      return (await db(BOTS_TABLE).where({ botId }).first('connectionId'))?.connectionId ?? null;
    },
    async save(bot: Omit<TelegramBot, 'updateOffset' | 'lastError'>): Promise<void> {
      const row = { ...bot, token: box.seal(bot.token), webhookSecret: box.seal(bot.webhookSecret), updateOffset: 0, lastError: null, updatedAt: db.fn.now() };
      await db(BOTS_TABLE).insert(row).onConflict('connectionId').merge();
    },
    async setOffset(connectionId: number, offset: number): Promise<void> {
      await db(BOTS_TABLE).where({ connectionId }).where('updateOffset', '<', offset).update({ updateOffset: offset });
    },
    async setError(connectionId: number, error: string | null): Promise<void> {
      await db(BOTS_TABLE).where({ connectionId }).update({ lastError: error?.slice(0, 500) ?? null, updatedAt: db.fn.now() });
    },
  };
}
export type BotStore = ReturnType<typeof botStore>;
