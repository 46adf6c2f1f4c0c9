import { isAdmin, useSession } from '@guiche/web-sdk';
import type { QueueOption } from '../api/types.js';
import { useQueues } from './useReferenceData.js';

/** The queues the user may pick: every queue of the company for admins, their own queues otherwise. */
export function useQueueChoices(): { queues: QueueOption[]; loading: boolean } {
  const { user } = useSession();
  const admin = isAdmin(user);
  const all = useQueues();
  if (admin) return { queues: all.data ?? [], loading: all.isPending };
  return { queues: user?.queues ?? [], loading: false };
}
