import type { ChannelSession, ConnectionInfo, OutboundMessage, PluginContext, SendResult, SessionIO } from '@guiche/core';
import { isGraphError, type GraphClient } from '@guiche/meta-graph';
import { clientOf, loadAccount, setLastError, type CloudAccount } from './accounts.js';
import { messageBody, readMedia } from './outbound.js';
import { createOnceSender } from './send-once.js';
import { sendError } from './send-errors.js';
import { digitsOf, noteStanding, readNumber, readPortfolio, standingOf } from './standing.js';
import { scheduleStandingRefresh } from './standing-refresh.js';
import { scheduleTemplatesSync } from './template-sync.js';
import { templateMessage } from './templates.js';

interface SendAnswer {
  messages?: { id: string }[];
}

/**
 * A WhatsApp Cloud connection's session: nothing stays open (Meta calls our webhook), so starting
 * is checking the number's Graph info with the token; CONNECTED after that check. Error 190 (token
 * expired or revoked) stops the session (DISCONNECTED, its reason kept for the connections page)
 * until someone saves a new token or tries again.
 */
export function createCloudSession(ctx: PluginContext, connection: ConnectionInfo, io: SessionIO, standingRefreshMs: number, templatesSyncMs: number): ChannelSession {
  let account: CloudAccount | null = null;
  let client: GraphClient | null = null;
  const sendOnce = createOnceSender(ctx.db, connection.id, ctx.log);

  const ready = (): { account: CloudAccount; client: GraphClient } => {
    if (!account || !client) throw new Error('whatsappapi session not started');
    return { account, client };
  };

  /** Every Graph call of the session: a dead token takes the connection down with its reason. */
  async function call<T>(run: (c: GraphClient, a: CloudAccount) => Promise<T>): Promise<T> {
    const { account: a, client: c } = ready();
    try {
      return await run(c, a);
    } catch (err) {
      if (isGraphError(err, 'token')) {
        await setLastError(ctx.db, connection.id, `ERR_META_TOKEN_EXPIRED: ${err.message}`).catch(() => undefined);
        // Not ready any more before the error surfaces: the outbound worker keeps the message pending.
        await io.status('DISCONNECTED');
        io.disconnected({ action: 'stop', code: 190, message: err.message });
      }
      throw err;
    }
  }

  return {
    async start() {
      account = await loadAccount(ctx.db, connection.id);
      if (!account) {
        // Not configured yet: the session stays held, idle, until the dialog saves the Meta fields
        // (their route restarts it). Ending it here would race with that restart.
        await io.status('DISCONNECTED');
        return;
      }
      client = clientOf(account);
      const info = await call((c, a) => readNumber(c, a.phoneNumberId));
      await setLastError(ctx.db, connection.id, null);
      const number = digitsOf(info.display_phone_number);
      // Meta's tier, quality rating and portfolio for the campaigns guard, read again every period
      // from now; a failure to note them does not keep the number offline.
      const portfolioId = await readPortfolio(client, account.wabaId);
      await noteStanding(ctx, account, { ...standingOf(info), displayNumber: number, portfolioId }, 'graph')
        .then(() => scheduleStandingRefresh(ctx, account!, standingRefreshMs))
        .catch((err) => ctx.log.warn({ err, connectionId: connection.id }, 'whatsappapi: standing not noted'));
      // The templates: at once for a connection never synced, else a day after the last sync.
      await scheduleTemplatesSync(ctx, account, templatesSyncMs).catch((err) => ctx.log.warn({ err, connectionId: connection.id }, 'whatsappapi: template sync not armed'));
      await io.status('CONNECTED', { number });
    },
    async stop() {
      client = null;
    },
    async logout() {
      client = null;
    },
    async send(message: OutboundMessage): Promise<SendResult> {
      if (!account) throw new Error('ERR_WAPP_NOT_INITIALIZED: the connection has no Meta credentials yet');
      let body: Record<string, unknown>;
      if (message.template) body = templateMessage(message.to.number ?? message.to.id, message.template);
      else if (message.media) {
        const { data, kind } = await readMedia(ctx.storage, message.media);
        const uploaded = await call((c, a) =>
          c.upload<{ id: string }>(`${a.phoneNumberId}/media`, { messaging_product: 'whatsapp', type: message.media!.mimetype }, { data, mimetype: message.media!.mimetype, fileName: message.media!.fileName }),
        );
        body = messageBody(message, uploaded.id, kind);
      } else body = messageBody(message);
      const post = async (attemptId?: string): Promise<string> => {
        const payload = attemptId ? { ...body, biz_opaque_callback_data: attemptId } : body;
        const answer = await call((c, a) => c.post<SendAnswer>(`${a.phoneNumberId}/messages`, payload));
        const wid = answer.messages?.[0]?.id;
        if (!wid) throw new Error('Graph answered without a message id');
        return wid;
      };
      // A stored row is sent at most once per confirmed attempt; the connection's test message has no row.
      const wid = await (message.wireKey ? sendOnce(message.messageId, post) : post()).catch((err: unknown) => Promise.reject(sendError(err)));
      return { wid, ack: 1 };
    },
    async react(to, wid, emoji) {
      await call((c, a) => c.post(`${a.phoneNumberId}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.number ?? to.id, type: 'reaction', reaction: { message_id: wid, emoji } }));
    },
    async markRead(_to, wids) {
      for (const wid of wids) await call((c, a) => c.post(`${a.phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: wid }));
    },
  };
}
