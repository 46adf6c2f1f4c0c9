/**
 * outreach-config.md §8: chat API errors are swallowed silently — no toast, no broken screen.
 * They still go to the console so a developer can see them.
 */
export function reportChatError(action: string, err: unknown): void {
  console.error(`[internal-chat] ${action} failed`, err);
}
