import { Button, Card, FormGroup, H5, HTMLSelect, HTMLTable, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { saveSettings, type CampaignSettings } from '../api/campaigns-api';
import { keys } from '../api/query-keys';
import { useSettings } from '../hooks/useCampaigns';
import { NS } from '../i18n/register';
import { GuardSettingsCard } from '../components/GuardSettingsCard';

/** §9: the choices of the three selects. */
const CHOICES = { messageInterval: [0, 5, 10, 15, 20], longerIntervalAfter: [0, 5, 10, 15, 20], greaterInterval: [0, 20, 30, 40, 50, 60] } as const;
type IntervalKey = keyof typeof CHOICES;

/** /campaigns-config (outreach-config.md §2): the three interval selects, the custom variables, save. */
export default function CampaignsConfigPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const query = useSettings();
  const [values, setValues] = useState<CampaignSettings | null>(null);
  const [shortcut, setShortcut] = useState('');
  const [content, setContent] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (query.data) setValues(query.data);
  }, [query.data]);

  if (query.status === 'pending' || !values) return query.status === 'error' ? <ErrorCard error={query.error} onRetry={() => void query.refetch()} /> : <LoadingState label={t('config.loading')} />;

  const label = (key: IntervalKey, n: number) => {
    if (n === 0) return key === 'longerIntervalAfter' ? t('config.notDefined') : t('config.noBreak');
    return key === 'longerIntervalAfter' ? t('config.messages', { count: n }) : t('config.seconds', { count: n });
  };
  const add = () => {
    const key = shortcut.trim();
    // A shortcut that already exists is ignored.
    if (!key || values.variables.some((v) => v.key === key)) return;
    setValues({ ...values, variables: [...values.variables, { key, value: content }] });
    setShortcut('');
    setContent('');
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveSettings(values);
      await qc.invalidateQueries({ queryKey: keys.settings() });
      toastSuccess(t('config.saved'));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="cp-config" data-testid="campaigns-config-page">
      <PageHeader title={t('config.title')} />
      <Card>
        <H5>{t('config.intervals')}</H5>
        <div className="cp-row">
          {(Object.keys(CHOICES) as IntervalKey[]).map((key) => (
            <FormGroup key={key} label={t(`config.${key}`)} labelFor={`config-${key}`}>
              <HTMLSelect id={`config-${key}`} fill value={values[key]} onChange={(e) => setValues({ ...values, [key]: Number(e.currentTarget.value) })}>
                {CHOICES[key].map((n) => (
                  <option key={n} value={n}>
                    {label(key, n)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ))}
        </div>
        <Switch
          checked={values.businessHoursOnly}
          label={t('config.businessHoursOnly')}
          onChange={(e) => setValues({ ...values, businessHoursOnly: e.currentTarget.checked })}
          data-testid="config-business-hours"
        />
        <div className="bp6-text-muted">{t('config.businessHoursHint')}</div>
      </Card>
      <Card>
        <H5>{t('config.variables')}</H5>
        <div className="cp-row">
          <InputGroup placeholder={t('config.shortcut')} aria-label={t('config.shortcut')} value={shortcut} onChange={(e) => setShortcut(e.currentTarget.value)} maxLength={40} />
          <InputGroup placeholder={t('config.content')} aria-label={t('config.content')} value={content} onChange={(e) => setContent(e.currentTarget.value)} maxLength={1000} />
          <Button icon="add" text={t('config.addVariable')} onClick={add} data-testid="config-add-variable" />
        </div>
        <HTMLTable compact striped style={{ width: '100%', marginTop: 12 }}>
          <thead>
            <tr>
              <th>{t('config.shortcut')}</th>
              <th>{t('config.content')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {values.variables.length === 0 && (
              <tr>
                <td colSpan={3}>{t('config.noVariables')}</td>
              </tr>
            )}
            {values.variables.map((v) => (
              <tr key={v.key} data-testid="config-variable">
                <td>{`{${v.key}}`}</td>
                <td>{v.value}</td>
                <td>
                  <Button variant="minimal" icon="trash" aria-label={t('actions.delete')} onClick={() => setRemoving(v.key)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <div>
        <Button intent={Intent.PRIMARY} icon="floppy-disk" text={t('config.save')} loading={saving} onClick={() => void save()} data-testid="config-save" />
      </div>
      <GuardSettingsCard />
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('config.removeVariable', { key: removing ?? '' })}
        onConfirm={() => {
          setValues({ ...values, variables: values.variables.filter((v) => v.key !== removing) });
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      >
        {t('config.removeVariableMessage')}
      </ConfirmDialog>
    </div>
  );
}
