import { defineChannel, TICKET_CHANGED, type ChannelDefinition, type PluginDefinition, type TicketChange } from '@guiche/core';
import { createVisitorHub, type VisitorHub } from './hub.js';
import { createRateLimiter } from './rate-limit.js';
import { registerWebchatRoutes } from './routes.js';
import { createWebchatSession } from './session.js';
import type { PluginContext } from '@guiche/core';

export interface WebchatOptions {
  /** Messages (text and media together) one visitor may send per window. */
  rateLimit?: { max: number; windowMs: number };
  /** Largest file a visitor may send. */
  maxUploadBytes?: number;
}

export const WEBCHAT_DEFAULTS = { rateLimit: { max: 20, windowMs: 10_000 }, maxUploadBytes: 10 * 1024 * 1024 } as const;

export const WEBCHAT_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  presence: true,
  markRead: true,
  edit: false,
  delete: false,
  react: false,
  checkNumber: false,
  groups: false,
};

/**
 * The website chat channel. One definition serves any number of kernels in one process: each kernel's
 * sessions talk to the namespace its register() created.
 */
export function createWebchatChannel(options: WebchatOptions = {}): PluginDefinition {
  const rateLimit = options.rateLimit ?? WEBCHAT_DEFAULTS.rateLimit;
  const maxUploadBytes = options.maxUploadBytes ?? WEBCHAT_DEFAULTS.maxUploadBytes;
  // Each kernel's visitor hub, by the context its register() got; that kernel's sessions get the same context.
  const hubs = new WeakMap<PluginContext, VisitorHub>();

  return defineChannel({
    id: 'channel-webchat',
    channel: 'webchat',
    // No plan flag: the website chat needs no outside account, so every company has it.
    planFlag: null,
    capabilities: WEBCHAT_CAPABILITIES,
    migrations: 'migrations',
    createSession(connection, io, ctx) {
      const hub = hubs.get(ctx);
      if (!hub) throw new Error('channel-webchat: createSession before register');
      return createWebchatSession(ctx, hub, connection, io);
    },
    register(ctx) {
      const limiter = createRateLimiter(ctx.rateLimits, rateLimit);
      const hub = createVisitorHub(ctx, limiter);
      ctx.bus.subscribe<TicketChange>(TICKET_CHANGED, (message) => tellVisitorAboutStatus(ctx, hub, message.payload));
      hubs.set(ctx, hub);
      registerWebchatRoutes(ctx, limiter, { maxUploadBytes });
    },
  });
}

export default createWebchatChannel();

/**
 * A resolved conversation is said in the visitor's widget ('closed', until they write again), and
 * one an agent reopens clears it ('opened'). Only transitions count: the caller knew the status before.
 */
async function tellVisitorAboutStatus(ctx: PluginContext, hub: VisitorHub, change: TicketChange): Promise<void> {
  if (change.channel !== 'webchat' || change.action !== 'update' || !change.whatsappId || !change.previousStatus) return;
  const closedNow = change.status === 'closed' && change.previousStatus !== 'closed';
  const reopened = change.status !== 'closed' && change.previousStatus === 'closed';
  if (!closedNow && !reopened) return;
  const contact = await ctx.db('contacts').where({ id: change.contactId, companyId: change.companyId, channel: 'webchat' }).first('remoteJid');
  if (contact?.remoteJid) hub.toVisitor(change.whatsappId, contact.remoteJid, closedNow ? 'closed' : 'opened', { ticketId: change.ticketId });
}
