// The WhatsApp channel (the real built plugin) whose Baileys socket is a stand-in that talks to
// the test's FakeWhatsappHub (./fake-whatsapp-hub.ts) over socket.io: plain JavaScript, so a child
// kernel (built, no TypeScript) loads it by file URL. The hub plays WhatsApp's servers: it opens the
// socket, hands it inbound messages in Baileys' event shapes, and records what the node sends.
// Env: FAKE_WHATSAPP_URL (the hub), NODE_NAME (reported to the hub).
import { EventEmitter } from 'node:events';
import { io } from 'socket.io-client';
import { createWhatsappChannel } from '@guiche/plugin-channel-whatsapp';

const hubUrl = process.env.FAKE_WHATSAPP_URL;
const node = process.env.NODE_NAME ?? String(process.pid);
let ids = 0;

/** The error Baileys puts in lastDisconnect: a Boom whose output.statusCode is the DisconnectReason. */
function boom(statusCode) {
  const error = new Error('Connection Failure');
  error.isBoom = true;
  error.output = { statusCode, payload: { statusCode, error: 'Connection Failure', message: 'Connection Failure' } };
  return error;
}

class RemoteSocket {
  constructor(config) {
    this.config = config;
    this.ev = new EventEmitter();
    this.user = undefined;
    this.ended = false;
    const me = config.auth.creds.me?.id ?? null;
    this.link = io(hubUrl, { auth: { me, node }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.link.on('qr', (qr) => this.ev.emit('connection.update', { qr }));
    this.link.on('creds', (creds) => this.ev.emit('creds.update', creds));
    this.link.on('open', (user) => {
      this.user = user;
      this.ev.emit('connection.update', { connection: 'open', receivedPendingNotifications: true });
    });
    this.link.on('close', (code) => this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: boom(code), date: new Date() } }));
    this.link.on('receive', (messages) => this.ev.emit('messages.upsert', { messages, type: 'notify' }));
    // Losing WhatsApp's servers is a closed connection (428), as Baileys reports it.
    this.link.on('disconnect', () => {
      if (!this.ended) this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: boom(428), date: new Date() } });
    });
  }

  async sendMessage(jid, content, options) {
    const id = options?.messageId ?? `3EB0${node.replace(/\W/g, '').toUpperCase()}${process.pid}${(++ids).toString(16).toUpperCase()}`;
    const text = typeof content.text === 'string' ? content.text : '';
    this.link.emit('sent', { jid, id, text });
    const sent = { key: { remoteJid: jid, fromMe: true, id }, message: { extendedTextMessage: { text } }, messageTimestamp: Math.floor(Date.now() / 1000), status: 1 };
    setImmediate(() => this.ev.emit('messages.upsert', { messages: [sent], type: 'append' }));
    return sent;
  }

  async readMessages() {}
  async onWhatsApp(...numbers) {
    return numbers.map((n) => ({ jid: `${n.replace(/\D/g, '')}@s.whatsapp.net`, exists: true }));
  }
  async profilePictureUrl() {
    return undefined;
  }
  async groupMetadata() {
    throw boom(404);
  }
  async requestPairingCode() {
    throw new Error('the fake WhatsApp pairs by QR only');
  }
  async rejectCall() {}
  async updateMediaMessage(message) {
    return message;
  }
  async sendPresenceUpdate() {}
  async logout() {}
  end() {
    this.ended = true;
    this.link.disconnect();
  }
}

const download = async () => {
  throw Object.assign(new Error('no media on the fake WhatsApp'), { status: 404 });
};

export default createWhatsappChannel({ socketFactory: (config) => new RemoteSocket(config), download });
