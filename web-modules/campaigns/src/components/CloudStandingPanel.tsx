import { Callout, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { formatDateTime, useTranslation } from '@guiche/web-sdk';
import type { CloudStanding } from '../api/campaigns-api';
import { NS } from '../i18n/register';

const QUALITY_INTENT: Record<string, Intent> = { GREEN: Intent.SUCCESS, YELLOW: Intent.WARNING, RED: Intent.DANGER };

/** A Cloud API connection's standing at Meta (issue #31): its messaging limit tier, its quality rating, and today's use. */
export function CloudStandingPanel({ standing }: { standing: CloudStanding }) {
  const { t } = useTranslation(NS);
  const quality = standing.qualityRating;
  return (
    <div data-testid="guard-cloud">
      <Callout intent={Intent.PRIMARY} icon="info-sign" title={t('guardConfig.cloud.title')}>
        {t('guardConfig.cloud.note')}
      </Callout>
      <HTMLTable compact>
        <tbody>
          <tr>
            <th>{t('guardConfig.cloud.tier')}</th>
            <td data-testid="guard-cloud-tier">{standing.messagingTier ?? t('guardConfig.cloud.notRead')}</td>
          </tr>
          <tr>
            <th>{t('guardConfig.cloud.quality')}</th>
            <td>
              <Tag minimal intent={quality ? QUALITY_INTENT[quality] : Intent.NONE} data-testid="guard-cloud-quality" data-quality={quality ?? ''}>
                {quality ? t(`guardConfig.cloud.qualities.${quality}`, { defaultValue: quality }) : t('guardConfig.cloud.notRead')}
              </Tag>
            </td>
          </tr>
          <tr>
            <td colSpan={2} className="bp6-text-muted" data-testid="guard-cloud-used">
              {standing.limit === null ? t('guardConfig.cloud.unlimited') : t('guardConfig.cloud.used', { recipients: standing.recipients24h ?? 0, limit: standing.limit })}
            </td>
          </tr>
          {standing.qualityDroppedAt && (
            <tr>
              <td colSpan={2} className="bp6-text-muted" data-testid="guard-cloud-dropped">
                {t('guardConfig.cloud.dropped', { when: formatDateTime(standing.qualityDroppedAt) })}
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
