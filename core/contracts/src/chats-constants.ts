// No zod here: the SDK reads this without loading the schemas (chats.ts, issue #28).

/** Recorded audio below this size is discarded unsent (outreach-config.md §5). */
export const MIN_AUDIO_BYTES = 10000;
