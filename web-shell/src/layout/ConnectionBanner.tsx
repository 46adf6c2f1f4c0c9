import { Callout, Intent } from '@blueprintjs/core';
import { useConnectionState, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** Says, above every page, that the live connection is lost and being retried (issue 18, staying live). */
export function ConnectionBanner() {
  const { t } = useTranslation(SHELL_NS);
  if (useConnectionState() === 'online') return null;
  return (
    <Callout intent={Intent.WARNING} icon="offline" compact className="connection-banner" role="status" data-testid="connection-lost">
      {t('topBar.connectionLost')}
    </Callout>
  );
}
