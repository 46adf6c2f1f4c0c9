import { WAMessageStatus, type AnyMessageContent, type WAMessage } from '@whiskeysockets/baileys';
import type { ConformanceOperation, ConformanceOutbound, ConformancePeer } from '@guiche/core/testing';
import { FakeWhatsapp, Inbox, type FakeSocket } from './fake-socket.js';
import { PHONE, PHONE_JID, media, text } from './messages.js';

const OWN = '5511900000000:7@s.whatsapp.net';

function outboundOf(content: AnyMessageContent, wid: string): ConformanceOutbound {
  const c = content as Record<string, any>;
  if ('text' in c) return { wid, body: c.text };
  const kind = ['image', 'video', 'audio', 'document', 'sticker'].find((k) => k in c);
  if (!kind) return { wid, body: '' };
  return { wid, body: c.caption ?? '', media: { mimetype: c.mimetype ?? '', fileName: c.fileName ?? '' } };
}

function operationOf(content: AnyMessageContent): ConformanceOperation | null {
  const c = content as Record<string, any>;
  if (c.edit) return { kind: 'edit', wid: c.edit.id, body: c.text };
  if (c.delete) return { kind: 'delete', wid: c.delete.id };
  if (c.react) return { kind: 'react', wid: c.react.key.id, emoji: c.react.text };
  return null;
}

/**
 * The conformance kit's contact, on a fake WhatsApp: pairing goes the real way (QR, scan → creds
 * saved → 515 restart → the stored creds open the next socket), and a drop is a 428 close.
 */
export function baileysPeer(wa: FakeWhatsapp): ConformancePeer & { wa: FakeWhatsapp } {
  const outbound = new Inbox<ConformanceOutbound>();
  const operations = new Inbox<ConformanceOperation>();
  const inbound = new Map<string, WAMessage>();
  let socket: FakeSocket | null = null;
  const current = (): FakeSocket => {
    const live = wa.sockets.at(-1);
    if (!live) throw new Error('no WhatsApp socket');
    return live;
  };

  void (async function route() {
    for (;;) {
      const sent = await wa.outbox.take(24 * 60 * 60_000).catch(() => null);
      if (!sent) return;
      const operation = operationOf(sent.content);
      if (operation) operations.push(operation);
      else outbound.push(outboundOf(sent.content, sent.options?.messageId ?? ''));
    }
  })();

  return {
    wa,
    async connect() {
      wa.registered.set(PHONE, PHONE_JID);
      socket = await wa.created.take();
      socket.showQr('2@conformance-qr');
      // The phone scanned the QR: Baileys saves the account and asks for a restart.
      socket.emit('creds.update', { me: { id: OWN, name: 'Company' }, registered: true });
      wa.autoOpen = true;
      socket.close(515);
    },
    async sendInbound(message) {
      const wa_message =
        'text' in message
          ? text(message.text)
          : media('documentMessage', { mimetype: message.media.mimetype, fileName: message.media.fileName, caption: message.caption ?? '', directPath: `/v/conformance/${Date.now()}-${Math.random()}` });
      if ('media' in message) wa.media.set(wa_message.message!.documentMessage!.directPath!, message.media.data);
      inbound.set(wa_message.key.id!, wa_message);
      current().receive(wa_message);
      return { wid: wa_message.key.id! };
    },
    async replay(wid) {
      const original = inbound.get(wid);
      if (!original) throw new Error(`unknown inbound ${wid}`);
      current().receive(original);
    },
    expectOutbound: () => outbound.take(),
    expectOperation: () => operations.take(),
    async sendAck(wid, ack) {
      const status = [WAMessageStatus.SERVER_ACK, WAMessageStatus.DELIVERY_ACK, WAMessageStatus.READ, WAMessageStatus.PLAYED][ack - 1];
      current().emit('messages.update', [{ key: { remoteJid: PHONE_JID, id: wid, fromMe: true }, update: { status } }]);
    },
    async drop() {
      current().close(428);
    },
  };
}
