import { Callout, Icon, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import type { RunningDeletion } from '../hooks/useCompanyDeletions.js';
import { NS } from '../i18n/register.js';

/** The companies being deleted in the background, each with what it is doing now. */
export function DeletionsNotice({ deletions }: { deletions: RunningDeletion[] }) {
  const { t } = useTranslation(NS);
  if (!deletions.length) return null;
  const failed = deletions.some((d) => d.phase === 'failed');
  return (
    <Callout intent={failed ? Intent.WARNING : Intent.PRIMARY} icon={null} compact className="company-deletions" data-testid="company-deletions">
      <ul role="status" aria-live="polite">
        {deletions.map((d) => (
          <li key={d.id} data-testid="company-deletion" data-company-id={d.id} data-phase={d.phase}>
            {d.phase === 'failed' ? <Icon icon="error" intent={Intent.DANGER} /> : <Spinner size={14} aria-hidden />}
            <span>{t(`deletion.${d.phase}`, { name: d.name })}</span>
          </li>
        ))}
      </ul>
    </Callout>
  );
}
