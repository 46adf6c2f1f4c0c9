import type { ContactChannel } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import { emitContact } from './contact-events.js';
import { mergeContacts, type MergeResult } from './contact-merge.js';
import { announceMerge } from './contact-merge-events.js';
import { findContact } from './contact-repository.js';

const RETRYABLE = new Set(['40P01', '23505']);
const ATTEMPTS = 3;

/**
 * A channel learnt that `lid` and phone `number` (digits) are one person, without a message (the
 * LID mapping store, contact sync): the contact known by one address gets the other, and two
 * contacts split across them (created under each before the mapping was known) become one, the
 * older keeping everything. Within one company and channel only.
 */
export async function unifyIdentity(core: CoreServices, companyId: number, channel: ContactChannel, number: string, lid: string): Promise<MergeResult | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await core.db.transaction(async (trx): Promise<{ merge?: MergeResult; updated?: number } | null> => {
        const byNumber = await trx('contacts').where({ companyId, channel, number }).first('id', 'lid');
        const byLid = await trx('contacts').where({ companyId, channel, lid }).first('id', 'number');
        if (byNumber && byLid) {
          if (byNumber.id === byLid.id || byNumber.lid || byLid.number) return null;
          const [keptId, mergedId] = byNumber.id < byLid.id ? [byNumber.id, byLid.id] : [byLid.id, byNumber.id];
          const merge = await mergeContacts(trx, companyId, keptId, mergedId, { reason: 'identity' });
          return merge ? { merge } : null;
        }
        if (byNumber && !byNumber.lid) {
          await trx('contacts').where({ id: byNumber.id }).update({ lid, updatedAt: trx.fn.now() });
          return { updated: byNumber.id as number };
        }
        if (byLid && !byLid.number) {
          await trx('contacts').where({ id: byLid.id }).update({ number, updatedAt: trx.fn.now() });
          return { updated: byLid.id as number };
        }
        return null;
      });
      if (outcome?.merge) await announceMerge(core, companyId, outcome.merge).catch((err: unknown) => core.log.warn({ err }, 'merge not announced'));
      if (outcome?.updated) {
        const record = await findContact(core.db, companyId, outcome.updated);
        if (record) await emitContact(core, companyId, 'update', record);
      }
      return outcome?.merge ?? null;
    } catch (error) {
      if (!RETRYABLE.has((error as { code?: string }).code ?? '') || attempt >= ATTEMPTS) throw error;
    }
  }
}
