import { Card, H4, H5 } from '@blueprintjs/core';
import type { DashboardAttendant } from '@guiche/contracts';
import { Avatar, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { OnlineTag } from './AttendantsTable.js';

/** The attendant who finished most tickets in the range (then best rated). */
export function FeaturedAttendant({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation(NS);
  const featured = [...attendants].filter((a) => a.tickets > 0).sort((a, b) => b.tickets - a.tickets || b.rating - a.rating || a.name.localeCompare(b.name))[0];
  return (
    <Card className="db-featured" data-testid="featured-attendant">
      <H5>{t('attendants.featured')}</H5>
      {featured ? (
        <div className="db-featured__body">
          <Avatar name={featured.name} url={null} size={56} />
          <div>
            <H4 style={{ margin: 0 }}>{featured.name}</H4>
            <div>{t('attendants.featuredTickets', { count: featured.tickets })}</div>
            <OnlineTag online={featured.online} />
          </div>
        </div>
      ) : (
        <p className="bp6-text-muted">{t('attendants.featuredNone')}</p>
      )}
    </Card>
  );
}
