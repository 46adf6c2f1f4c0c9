import type { ChannelDefinition, MessageSender, RegisteredChannel, SessionCaller } from '../plugin-sdk/types.js';
import type { OutboundPresence } from '../plugin-sdk/channels.js';

/** The channels side of the kernel: registry, session supervisor and outbound delivery. */
export interface ChannelRuntime {
  register(definition: RegisteredChannel): void;
  definitions(): RegisteredChannel[];
  sender: MessageSender;
  /** Starts the supervisor (after every plugin registered): sessions of this node's leases. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Connection ids whose session runs on this node. */
  held(): number[];
  /**
   * Tells the channel that an agent read these inbound messages (read ticks for the contact), on
   * the connection's ordered queue, when the channel can; a no-op otherwise.
   */
  markRead(ticket: { companyId: number; whatsappId: number | null; contactId: number }, wids: string[]): Promise<void>;
  /** Shows "typing…" (composing) or ends it to the ticket's contact, on the connection's ordered queue, when the channel can; a no-op otherwise. */
  presence(ticket: { companyId: number; whatsappId: number | null; contactId: number }, state: OutboundPresence): Promise<void>;
  /** Asks a connection's running session a question (number check, profile, address book), on whichever node runs it. */
  call: SessionCaller;
  /** The capabilities of a registered channel, or null. */
  capabilities(channel: string): ChannelDefinition['capabilities'] | null;
}
