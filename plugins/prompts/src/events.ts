import { Rooms } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import type { Prompt } from './repository.js';

/** company-{companyId}-prompt, to the company room (outreach-config.md §7 Real-time). */
export const promptEvent = (companyId: number) => `company-${companyId}-prompt`;

export function createPromptEvents(realtime: PluginContext['realtime']) {
  return {
    saved(action: 'create' | 'update', prompt: Prompt): void {
      realtime.emit(Rooms.company(prompt.companyId), promptEvent(prompt.companyId), { action, prompt });
    },
    removed(companyId: number, promptId: number): void {
      realtime.emit(Rooms.company(companyId), promptEvent(companyId), { action: 'delete', promptId });
    },
  };
}
export type PromptEvents = ReturnType<typeof createPromptEvents>;
