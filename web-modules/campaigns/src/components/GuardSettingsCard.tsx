import { Button, Card, FormGroup, H5, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadingState, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { fetchGuard, saveGuard, type GuardLimits } from '../api/campaigns-api';
import { useConnections } from '../hooks/useCampaigns';
import { NS } from '../i18n/register';
import { CloudStandingPanel } from './CloudStandingPanel';

const NUMBERS = ['dailyCap', 'warmupStart', 'warmupDays', 'failureThreshold', 'failureWindowMinutes'] as const;
const TIMES = ['sendingFrom', 'sendingTo'] as const;
type Draft = Record<(typeof NUMBERS)[number] | (typeof TIMES)[number], string>;

const toDraft = (g: GuardLimits): Draft => Object.fromEntries([...NUMBERS, ...TIMES].map((k) => [k, g[k] === null ? '' : String(g[k])])) as Draft;

/**
 * Ban guardrails of one WhatsApp connection (issue #31): daily cap, warm-up, sending hours, failure
 * pause; a Cloud API connection shows Meta's standing instead (its tier and quality rule it).
 */
export function GuardSettingsCard() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const connections = useConnections();
  const [connectionId, setConnectionId] = useState<number | null>(null);
  const id = connectionId ?? connections.data?.[0]?.id ?? null;
  const guard = useQuery({ queryKey: ['campaigns', 'guard-limits', id], queryFn: () => fetchGuard(id!), enabled: id !== null });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (guard.data) setDraft(toDraft(guard.data));
  }, [guard.data]);

  if (connections.status === 'pending') return <LoadingState label={t('guardConfig.loading')} />;
  if (!connections.data?.length) return null;
  const save = async () => {
    if (!draft || id === null) return;
    setSaving(true);
    try {
      const body = Object.fromEntries([
        ...NUMBERS.map((k) => [k, draft[k].trim() === '' ? null : Number(draft[k])]),
        ...TIMES.map((k) => [k, draft[k].trim() === '' ? null : draft[k].trim()]),
      ]);
      qc.setQueryData(['campaigns', 'guard-limits', id], await saveGuard(id, body));
      toastSuccess(t('guardConfig.saved'));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const g = guard.data;
  return (
    <Card data-testid="guard-config">
      <H5>{t('guardConfig.title')}</H5>
      <FormGroup label={t('guardConfig.connection')} labelFor="guard-connection">
        <HTMLSelect id="guard-connection" value={id ?? ''} onChange={(e) => setConnectionId(Number(e.currentTarget.value))}>
          {connections.data.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {!g || !draft ? (
        <LoadingState label={t('guardConfig.loading')} />
      ) : g.cloud ? (
        <CloudStandingPanel standing={g.cloud} />
      ) : (
        <>
          <div className="bp6-text-muted" data-testid="guard-today">
            {t('guardConfig.today', { sent: g.sentToday, cap: g.capToday, day: g.warmupDay })}
          </div>
          <div className="cp-row">
            {NUMBERS.map((k) => (
              <FormGroup key={k} label={t(`guardConfig.${k}`)} labelFor={`guard-${k}`} helperText={t('guardConfig.default', { value: g.defaults[k] })}>
                <InputGroup id={`guard-${k}`} type="number" min={0} value={draft[k]} placeholder={String(g.defaults[k])} onChange={(e) => setDraft({ ...draft, [k]: e.currentTarget.value })} />
              </FormGroup>
            ))}
            {TIMES.map((k) => (
              <FormGroup key={k} label={t(`guardConfig.${k}`)} labelFor={`guard-${k}`} helperText={t('guardConfig.anyTime')}>
                <InputGroup id={`guard-${k}`} type="time" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.currentTarget.value })} />
              </FormGroup>
            ))}
          </div>
          <Button intent={Intent.PRIMARY} icon="floppy-disk" text={t('guardConfig.save')} loading={saving} onClick={() => void save()} data-testid="guard-save" />
        </>
      )}
    </Card>
  );
}
