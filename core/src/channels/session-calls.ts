import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { ReadySession } from './outbound-worker.js';
import type { ChannelSession, SessionStatus } from './types.js';
import type { SessionCall, SessionCallResults } from '../plugin-sdk/session-calls.js';

export type { SessionCall, SessionCallResults };


/** The statuses in which a session answers each question: a pairing code is asked for before the session is connected. */
const ANSWERED_IN: Record<SessionCall['method'], readonly SessionStatus[]> = {
  checkNumber: ['CONNECTED'],
  profile: ['CONNECTED'],
  contacts: ['CONNECTED'],
  chats: ['CONNECTED'],
  requestPairingCode: ['qrcode', 'PAIRING'],
  sendText: ['CONNECTED'],
};

const answers = (ready: ReadySession | null, method: SessionCall['method']): ready is ReadySession => {
  const status = ready?.status();
  return Boolean(status && ANSWERED_IN[method].includes(status));
};

export const SESSION_CALL_TOPIC = 'core.channels.sessionCall';
export const sessionReplyTopic = (node: string): string => `core.channels.sessionReply.${node}`;
/** How long a caller waits for the lease holder before it answers ERR_WAPP_NOT_INITIALIZED. */
export const SESSION_CALL_TIMEOUT_MS = 5000;

interface CallRequest {
  id: string;
  from: string;
  connectionId: number;
  call: SessionCall;
}

type CallReply = { id: string; ok: true; result: unknown } | { id: string; ok: false; unavailable: boolean; error: string };

const notInitialized = () => new AppError('ERR_WAPP_NOT_INITIALIZED', 400);

/** Runs the call on a session this node holds; `unavailable` when the session cannot answer it. */
async function runLocally(ready: ReadySession, call: SessionCall): Promise<{ ok: true; result: unknown } | { ok: false; unavailable: true }> {
  const session: ChannelSession = ready.session;
  switch (call.method) {
    case 'checkNumber':
      return session.checkNumber ? { ok: true, result: await session.checkNumber(...call.args) } : { ok: false, unavailable: true };
    case 'profile':
      return session.profile ? { ok: true, result: await session.profile(...call.args) } : { ok: false, unavailable: true };
    case 'contacts':
      return session.contacts ? { ok: true, result: await session.contacts() } : { ok: false, unavailable: true };
    case 'chats':
      return session.chats ? { ok: true, result: await session.chats() } : { ok: false, unavailable: true };
    case 'requestPairingCode':
      return session.requestPairingCode ? { ok: true, result: await session.requestPairingCode(...call.args) } : { ok: false, unavailable: true };
    case 'sendText': {
      const [to, body] = call.args;
      const sent = await session.send({ messageId: 0, to, body });
      return { ok: true, result: { wid: sent.wid } };
    }
  }
}

/**
 * Request/reply to the running session of a connection, wherever it runs: the session lives on
 * the node holding the connection's lease, so a caller on another node publishes the question on
 * the bus with a correlation id and the holder answers on the caller's own reply topic. No answer
 * within SESSION_CALL_TIMEOUT_MS (nobody runs it, or the holder died) is ERR_WAPP_NOT_INITIALIZED.
 */
export function createSessionCalls(core: CoreServices, readySession: (connectionId: number) => ReadySession | null, timeoutMs = SESSION_CALL_TIMEOUT_MS) {
  const node = randomUUID();
  const waiting = new Map<string, { resolve: (reply: CallReply) => void; timer: NodeJS.Timeout }>();
  const unsubscribes: (() => void)[] = [];
  const log = core.log.child({ component: 'session-calls' });

  async function answer(request: CallRequest): Promise<void> {
    const ready = readySession(request.connectionId);
    // Only the node running the session answers; the others stay silent.
    if (!answers(ready, request.call.method)) return;
    let reply: CallReply;
    try {
      const outcome = await runLocally(ready, request.call);
      reply = outcome.ok ? { id: request.id, ...outcome } : { id: request.id, ok: false, unavailable: true, error: 'unsupported' };
    } catch (err) {
      reply = { id: request.id, ok: false, unavailable: false, error: err instanceof Error ? err.message : String(err) };
    }
    await core.bus.publish(sessionReplyTopic(request.from), reply, { companyId: null });
  }

  function settle(reply: CallReply): void {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    clearTimeout(entry.timer);
    entry.resolve(reply);
  }

  async function ask(connectionId: number, call: SessionCall): Promise<CallReply> {
    const id = randomUUID();
    const reply = new Promise<CallReply>((resolve) => {
      const timer = setTimeout(() => settle({ id, ok: false, unavailable: true, error: 'timeout' }), timeoutMs);
      waiting.set(id, { resolve, timer });
    });
    await core.bus.publish<CallRequest>(SESSION_CALL_TOPIC, { id, from: node, connectionId, call }, { companyId: null });
    return reply;
  }

  return {
    start(): void {
      unsubscribes.push(
        core.bus.subscribe<CallRequest>(SESSION_CALL_TOPIC, (message) => {
          void answer(message.payload).catch((err: unknown) => log.warn({ err }, 'session call not answered'));
        }),
        core.bus.subscribe<CallReply>(sessionReplyTopic(node), (message) => settle(message.payload)),
      );
    },

    stop(): void {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const id of [...waiting.keys()]) settle({ id, ok: false, unavailable: true, error: 'stopped' });
    },

    /**
     * Asks the connection's running session. ERR_WAPP_NOT_INITIALIZED (400) when the connection is
     * not in a status that answers the question (CONNECTED; qrcode or PAIRING for a pairing code), no node answers in time, or the session cannot answer this question;
     * `failure` (400) when the session tried and failed.
     */
    async call<M extends SessionCall['method']>(
      connectionId: number,
      call: Extract<SessionCall, { method: M }>,
      failure: ErrorCode = 'ERR_WAPP_NOT_INITIALIZED',
    ): Promise<SessionCallResults[M]> {
      const connection = await core.db('whatsapps').where({ id: connectionId }).first('status');
      if (!ANSWERED_IN[call.method].includes(connection?.status)) throw notInitialized();
      const local = readySession(connectionId);
      const reply: CallReply = answers(local, call.method)
        ? await runLocally(local, call).then(
            (outcome): CallReply => (outcome.ok ? { id: '', ...outcome } : { id: '', ok: false, unavailable: true, error: 'unsupported' }),
            (err: unknown): CallReply => ({ id: '', ok: false, unavailable: false, error: String(err) }),
          )
        : await ask(connectionId, call);
      if (reply.ok) return reply.result as SessionCallResults[M];
      if (reply.unavailable) throw notInitialized();
      log.warn({ connectionId, method: call.method, error: reply.error }, 'session call failed');
      throw new AppError(failure, 400);
    },
  };
}

export type SessionCalls = ReturnType<typeof createSessionCalls>;
