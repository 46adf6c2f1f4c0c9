import type { ChannelSession, ConnectionInfo, OutboundMessage, PluginContext, SendResult, SessionIO } from '@guiche/core';
import { isGraphError, type GraphError } from '../errors.js';
import type { GraphClient } from '../graph-client.js';
import { pageClient } from './inbound.js';
import { loadPage, setPageError, type MetaPage } from './pages.js';

/** Messenger and Instagram attachment limit (25 MB) and the types each accepts. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Meta refuses a free-form message outside the 24-hour window with code 10 / subcode 2018278 (or 551 on Instagram). */
function outsideWindow(error: GraphError): boolean {
  return error.subcode === 2018278 || error.code === 10 || error.code === 551;
}

function attachmentType(mimetype: string): 'image' | 'video' | 'audio' | 'file' {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype.startsWith('audio/')) return 'audio';
  return 'file';
}

/**
 * A page's (or Instagram account's) session: nothing stays open, so starting is checking the page
 * with its token. Sends use the Send API; outside the 24-hour window a reply goes once more with
 * the HUMAN_AGENT tag (allowed up to 7 days where the page has the feature) before it fails.
 */
export function createMessengerSession(ctx: PluginContext, connection: ConnectionInfo, io: SessionIO, options: { publicUrl: (path: string) => string }): ChannelSession {
  let page: MetaPage | null = null;
  let client: GraphClient | null = null;

  async function call<T>(run: (c: GraphClient, p: MetaPage) => Promise<T>): Promise<T> {
    if (!page || !client) throw new Error('ERR_WAPP_NOT_INITIALIZED: the connection has no page linked yet');
    try {
      return await run(client, page);
    } catch (err) {
      if (isGraphError(err, 'token')) {
        await setPageError(ctx.db, connection.id, `ERR_META_TOKEN_EXPIRED: ${err.message}`).catch(() => undefined);
        await io.status('DISCONNECTED');
        io.disconnected({ action: 'stop', code: 190, message: err.message });
      }
      throw err;
    }
  }

  async function messageOf(message: OutboundMessage): Promise<{ json: Record<string, unknown>; file?: { data: Buffer; mimetype: string; fileName: string } }> {
    if (!message.media) return { json: { text: message.body } };
    const stat = await ctx.storage.stat(message.media.path);
    if (!stat) throw new Error(`ERR_MEDIA_NOT_FOUND: ${message.media.path}`);
    if (stat.size > ATTACHMENT_MAX_BYTES) throw new Error(`ERR_MEDIA_TOO_LARGE: attachment over ${ATTACHMENT_MAX_BYTES} bytes (${stat.size})`);
    const type = attachmentType(message.media.mimetype);
    if (page?.kind === 'facebook') {
      // Messenger takes the file itself (multipart "filedata").
      return { json: { attachment: { type, payload: { is_reusable: false } } }, file: { data: await ctx.storage.read(message.media.path), mimetype: message.media.mimetype, fileName: message.media.fileName } };
    }
    // Instagram fetches the file from a public URL.
    return { json: { attachment: { type: type === 'file' ? 'file' : type, payload: { url: options.publicUrl(message.media.path) } } } };
  }

  async function post(body: { recipient: { id: string }; message: Record<string, unknown>; tag?: string }, file?: { data: Buffer; mimetype: string; fileName: string }): Promise<{ message_id?: string }> {
    const envelope = { recipient: body.recipient, messaging_type: body.tag ? 'MESSAGE_TAG' : 'RESPONSE', ...(body.tag ? { tag: body.tag } : {}), message: body.message };
    return call((c, p) => {
      if (!file) return c.post<{ message_id?: string }>(`${p.metaId}/messages`, envelope);
      const fields: Record<string, string> = { recipient: JSON.stringify(envelope.recipient), messaging_type: envelope.messaging_type, message: JSON.stringify(envelope.message) };
      if (body.tag) fields.tag = body.tag;
      return c.upload<{ message_id?: string }>(`${p.metaId}/messages`, fields, file, 'filedata');
    });
  }

  return {
    async start() {
      page = await loadPage(ctx.db, connection.id);
      if (!page) {
        await io.status('DISCONNECTED');
        return;
      }
      client = pageClient(page);
      const info = await call((c, p) => c.get<{ id: string; name?: string; username?: string }>(p.metaId, { fields: p.kind === 'facebook' ? 'id,name' : 'id,username' }));
      await setPageError(ctx.db, connection.id, null);
      await io.status('CONNECTED', { number: info.username ?? info.name ?? page.name });
    },
    async stop() {
      client = null;
    },
    async logout() {
      client = null;
    },
    async send(message: OutboundMessage): Promise<SendResult> {
      const { json, file } = await messageOf(message);
      const recipient = { id: message.to.id };
      const withReply = message.quotedWid && page?.kind === 'instagram' ? { ...json, reply_to: { mid: message.quotedWid } } : json;
      let answer: { message_id?: string };
      try {
        answer = await post({ recipient, message: withReply }, file);
      } catch (err) {
        if (!isGraphError(err) || !outsideWindow(err)) throw err;
        answer = await post({ recipient, message: withReply, tag: 'HUMAN_AGENT' }, file);
      }
      if (!answer.message_id) throw new Error('Send API answered without a message id');
      return { wid: answer.message_id, ack: 1 };
    },
    async markRead(to) {
      if (page?.kind !== 'facebook') return;
      await call((c, p) => c.post(`${p.metaId}/messages`, { recipient: { id: to.id }, sender_action: 'mark_seen' }));
    },
  };
}
