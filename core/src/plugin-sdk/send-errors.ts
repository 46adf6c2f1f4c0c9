/**
 * Thrown by `ChannelSession.send` when trying again cannot help: the contact blocked the bot, the
 * recipient does not exist on the channel. Core's outbound queue then stops at once (no further
 * attempts) and marks the message failed with `message` as the reason the inbox shows on it. Any
 * other error is transient: the row is tried again, in order, up to core's attempts.
 */
export class PermanentSendError extends Error {
  /** Recognised by this mark too, so a plugin bundling its own copy of the SDK is understood. */
  readonly permanent = true as const;
  constructor(
    message: string,
    /** The channel's own code for it (Telegram's 403, Meta's 131026…), for logs. */
    readonly code?: string | number,
  ) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

export function isPermanentSendError(err: unknown): err is PermanentSendError {
  return err instanceof PermanentSendError || (typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true && err instanceof Error);
}
