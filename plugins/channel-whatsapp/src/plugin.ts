import { defineChannel, type ChannelDefinition, type PluginContext, type PluginDefinition } from '@guiche/core';
import { baileysMediaDownloader, baileysSocketFactory, type MediaDownloader, type SocketFactory } from './socket.js';
import { createWhatsappSession, type WhatsappDeps } from './session.js';

export const WHATSAPP_CAPABILITIES: ChannelDefinition['capabilities'] = {
  edit: true,
  delete: true,
  react: true,
  markRead: true,
  checkNumber: true,
  media: true,
  groups: true,
  presence: true,
  pairingCode: true,
};

export interface WhatsappChannelOptions {
  /** Baileys' makeWASocket by default; tests hand a fake socket factory. */
  socketFactory?: SocketFactory;
  /** Baileys' downloadMediaMessage by default. */
  download?: MediaDownloader;
  /** QR codes shown before giving up (DISCONNECTED). */
  qrLimit?: number;
}

/** The WhatsApp channel (Baileys). One definition serves one kernel: its sessions use that kernel's storage and settings. */
export function createWhatsappChannel(options: WhatsappChannelOptions = {}): PluginDefinition {
  let ctx: PluginContext | null = null;
  const deps = (): WhatsappDeps => {
    if (!ctx) throw new Error('channel-whatsapp: createSession before register');
    const wired = ctx;
    return {
      socketFactory: options.socketFactory ?? baileysSocketFactory,
      download: options.download ?? baileysMediaDownloader,
      // The outbound worker hands sessions the file's storage key.
      readMedia: (file) => wired.storage.read(file),
      acceptCalls: async (companyId) => (await wired.settings.get(companyId, 'acceptCallWhatsapp')) !== 'disabled',
      qrLimit: options.qrLimit,
    };
  };

  return defineChannel({
    id: 'channel-whatsapp',
    channel: 'whatsapp',
    planFlag: 'useWhatsapp',
    capabilities: WHATSAPP_CAPABILITIES,
    createSession: (connection, io) => createWhatsappSession(connection, io, deps()),
    register(registered) {
      ctx = registered;
    },
  });
}

export default createWhatsappChannel();
