import { defineChannel, type ChannelDefinition, type PluginContext, type PluginDefinition } from '@guiche/core';
import { baileysMediaDownloader, baileysSocketFactory, type MediaDownloader, type SocketFactory } from './socket.js';
import { createWhatsappSession, type WhatsappDeps } from './session.js';
import type { GapOptions } from './gap.js';

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
  /** Gap recovery's paging and pacing after a reconnect (GAP_DEFAULTS). */
  gap?: GapOptions;
}

/** The WhatsApp channel (Baileys): its sessions use the storage and settings of the kernel that runs them. */
export function createWhatsappChannel(options: WhatsappChannelOptions = {}): PluginDefinition {
  const deps = (ctx: PluginContext): WhatsappDeps => ({
    socketFactory: options.socketFactory ?? baileysSocketFactory,
    download: options.download ?? baileysMediaDownloader,
    // The outbound worker hands sessions the file's storage key.
    readMedia: (file) => ctx.storage.read(file),
    acceptCalls: async (companyId) => (await ctx.settings.get(companyId, 'acceptCallWhatsapp')) !== 'disabled',
    qrLimit: options.qrLimit,
    gap: options.gap,
  });

  return defineChannel({
    id: 'channel-whatsapp',
    channel: 'whatsapp',
    planFlag: 'useWhatsapp',
    capabilities: WHATSAPP_CAPABILITIES,
    createSession: (connection, io, ctx) => createWhatsappSession(connection, io, deps(ctx)),
  });
}

export default createWhatsappChannel();
