import type { ErrorCode } from '@guiche/contracts';
import type { ChannelPeer } from './channels.js';

/** Questions a request (an API call on any node) may ask the running session of a connection. */
export type SessionCall =
  | { method: 'checkNumber'; args: [number: string] }
  | { method: 'profile'; args: [peer: ChannelPeer] }
  | { method: 'contacts'; args: [] }
  | { method: 'chats'; args: [] }
  | { method: 'requestPairingCode'; args: [number: string] }
  /** A one-off text outside any ticket (password recovery codes): nothing is stored as a message. */
  | { method: 'sendText'; args: [to: ChannelPeer, body: string] };

export interface SessionCallResults {
  checkNumber: string | null;
  profile: { name?: string; pictureUrl?: string };
  contacts: ChannelPeer[];
  chats: ChannelPeer[];
  requestPairingCode: string;
  sendText: { wid: string };
}

/** Asks the connection's running session (wherever it runs); 400 ERR_WAPP_NOT_INITIALIZED when none answers, `failure` when it tried and failed. */
export type SessionCaller = <M extends SessionCall['method']>(
  connectionId: number,
  call: Extract<SessionCall, { method: M }>,
  failure?: ErrorCode,
) => Promise<SessionCallResults[M]>;
