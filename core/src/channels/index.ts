import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { MessageSender } from '../messaging/types.js';
import type { ChannelDefinition } from './types.js';

/** The channels side of the kernel: registry, session supervisor and outbound delivery. */
export interface ChannelRuntime {
  register(definition: ChannelDefinition): void;
  definitions(): ChannelDefinition[];
  sender: MessageSender;
  /** Starts the supervisor (after every plugin registered): sessions of this node's leases. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

// Placeholder until the supervisor and outbound land: nothing can be sent yet.
export function createChannelRuntime(_core: CoreServices): ChannelRuntime {
  const registered: ChannelDefinition[] = [];
  const notReady = async (): Promise<never> => {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
  };
  return {
    register: (definition) => void registered.push(definition),
    definitions: () => registered,
    sender: { send: notReady, edit: notReady, remove: notReady, react: notReady },
    start: async () => undefined,
    stop: async () => undefined,
  };
}
