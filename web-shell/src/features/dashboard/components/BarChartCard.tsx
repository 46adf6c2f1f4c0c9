import { Card, H5, NonIdealState } from '@blueprintjs/core';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '@guiche/web-sdk';
import { useChartTheme } from '../hooks/useChartTheme.js';
import { NS } from '../i18n/register.js';

export interface BarDatum { label: string; total: number; color?: string }

/** One bar chart (recharts) in a card, themed for light or dark. */
export function BarChartCard({ title, data, testId }: { title: string; data: BarDatum[]; testId: string }) {
  const { t } = useTranslation(NS);
  const theme = useChartTheme();
  const empty = !data.some((d) => d.total > 0);
  return (
    <Card className="db-chart" data-testid={testId}>
      <H5>{title}</H5>
      {empty ? (
        <NonIdealState icon="timeline-bar-chart" description={t('charts.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
            <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: theme.text, fontSize: 12 }} stroke={theme.grid} />
            <YAxis allowDecimals={false} tick={{ fill: theme.text, fontSize: 12 }} stroke={theme.grid} />
            <Tooltip
              cursor={{ fill: theme.grid, opacity: 0.4 }}
              contentStyle={{ background: theme.tooltipBg, border: `1px solid ${theme.tooltipBorder}`, color: theme.text }}
              labelStyle={{ color: theme.text }}
            />
            <Bar dataKey="total" name={t('charts.total')} fill={theme.bar} radius={[4, 4, 0, 0]} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.label} fill={d.color ?? theme.bar} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
