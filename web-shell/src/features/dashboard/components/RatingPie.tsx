import { Card, H5, NonIdealState, Tag } from '@blueprintjs/core';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { NpsInfo } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { useChartTheme } from '../hooks/useChartTheme.js';
import { NS } from '../i18n/register.js';

const percent = (part: number, total: number) => (total ? Math.round((part / total) * 1000) / 10 : 0);

/** Ótimo / Bom / Ruim in percent of the ratings (contracts NPS_BANDS: 5 / 4 / 1–3) and the NPS. */
export function RatingPie({ nps }: { nps: NpsInfo }) {
  const { t } = useTranslation(NS);
  const theme = useChartTheme();
  const slices = [
    { key: 'great', name: t('nps.great'), value: percent(nps.boa, nps.total_notas), color: theme.good },
    { key: 'good', name: t('nps.good'), value: percent(nps.media, nps.total_notas), color: theme.neutral },
    { key: 'bad', name: t('nps.bad'), value: percent(nps.ruim, nps.total_notas), color: theme.bad },
  ];
  return (
    <Card className="db-chart" data-testid="rating-pie">
      <H5>{t('nps.title')}</H5>
      <div className="db-nps-facts">
        <Tag minimal large>{t('nps.total')}: <strong data-testid="nps-total">{nps.total_notas}</strong></Tag>
        <Tag minimal large>{t('nps.score')}: <strong data-testid="nps-score">{nps.nps}</strong></Tag>
      </div>
      {nps.total_notas === 0 ? (
        <NonIdealState icon="star-empty" description={t('nps.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={260}>
          <PieChart>
            <Pie data={slices} dataKey="value" nameKey="name" innerRadius={50} outerRadius={90} label={({ value }) => `${value}%`} isAnimationActive={false}>
              {slices.map((s) => (
                <Cell key={s.key} fill={s.color} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => `${value}%`} contentStyle={{ background: theme.tooltipBg, border: `1px solid ${theme.tooltipBorder}` }} itemStyle={{ color: theme.text }} />
            <Legend wrapperStyle={{ color: theme.text }} />
          </PieChart>
        </ResponsiveContainer>
      )}
      <p className="bp6-text-muted db-nps-scale">{t('nps.scale')}</p>
    </Card>
  );
}
