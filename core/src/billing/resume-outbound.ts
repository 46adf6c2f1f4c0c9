import { enqueueDrain } from '../channels/outbound-queue.js';
import type { CoreServices } from '../services.js';

export const RESUME_OUTBOUND_KIND = 'billing.resumeOutbound';

/**
 * After a payment renewed an expired company, each of its connections delivers what waited. Set as
 * timed work in the settlement's transaction, so a crash right after the commit still resumes them;
 * the drains are enqueued before the claim commits (an extra drain is harmless, a lost one is not).
 */
export function defineResumeOutbound(core: CoreServices): void {
  core.timedWork.define(RESUME_OUTBOUND_KIND, async (job) => {
    if (job.companyId === null) return;
    const connections: number[] = (await job.trx('whatsapps').where({ companyId: job.companyId }).pluck('id')).map(Number);
    for (const connectionId of connections) await enqueueDrain(core.jobs, connectionId);
  });
}
