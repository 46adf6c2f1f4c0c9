import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import type { Access } from '../menu/menu-items.js';

/** The one "Acesso restrito" state of a route the user's profile may not open (the rule table's access). */
export function AccessRestricted({ access }: { access: Exclude<Access, 'everyone'> }) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <div className="access-state" data-testid="access-restricted">
      <NonIdealState
        icon="lock"
        title={t('access.restrictedTitle')}
        description={t(`access.${access}`)}
        action={<Link to="/tickets">{t('access.goToTickets')}</Link>}
      />
    </div>
  );
}
