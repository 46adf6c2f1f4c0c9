import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Classes, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FlowTrigger } from '@guiche/contracts';
import { Dialog, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { fetchConnections, fetchTriggers, saveTriggers } from '../api';
import { NS } from '../i18n/register';
import { WebhookSecret } from './WebhookSecret';

type Kind = FlowTrigger['kind'];
interface Row {
  kind: Kind;
  connectionId: number | null;
  phrase: string;
  match: 'exact' | 'contains';
}

const toRow = (t: FlowTrigger): Row => ({ kind: t.kind, connectionId: t.connectionId, phrase: t.kind === 'keyword' ? t.phrase : '', match: t.kind === 'keyword' ? t.match : 'exact' });
const toTrigger = (r: Row): FlowTrigger => (r.kind === 'keyword' ? { kind: 'keyword', connectionId: r.connectionId, phrase: r.phrase, match: r.match } : { kind: r.kind, connectionId: r.connectionId });

/**
 * What starts the flow (PUT /flowbuilder/:id/triggers, replaced as a whole): a connection's (or
 * every connection's) welcome flow, default flow, or keyword phrases. The webhook URL is shown
 * for flows started from outside, with its signing secret.
 */
export function TriggersDialog({ flowId, webhookToken, webhookSigned, isOpen, onClose }: { flowId: number; webhookToken: string; webhookSigned: boolean; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const connections = useQuery({ queryKey: ['flowBuilder', 'connections'], queryFn: fetchConnections, enabled: isOpen });
  const saved = useQuery({ queryKey: ['flowBuilder', 'triggers', flowId], queryFn: () => fetchTriggers(flowId), enabled: isOpen });
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (saved.data) setRows(saved.data.map(toRow));
  }, [saved.data]);

  const change = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const invalid = rows.some((r) => r.kind === 'keyword' && !r.phrase.trim());
  const submit = async () => {
    setSaving(true);
    try {
      setRows((await saveTriggers(flowId, rows.map(toTrigger))).map(toRow));
      toastSuccess(t('triggers.saved'));
      await saved.refetch();
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const hookUrl = `${window.location.origin}/api/flowbuilder/hooks/${webhookToken}`;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('triggers.title')} style={{ width: 640 }}>
      <div className={Classes.DIALOG_BODY} data-testid="fb-triggers">
        <p>{t('triggers.hint')}</p>
        {rows.length === 0 && <p className="fb-hint">{t('triggers.none')}</p>}
        {rows.map((r, i) => (
          <div key={i} className="fb-trigger-row" data-testid={`fb-trigger-${i}`}>
            <HTMLSelect aria-label={t('triggers.kind')} value={r.kind} onChange={(e) => change(i, { kind: e.target.value as Kind })} data-testid="fb-trigger-kind">
              {(['welcome', 'default', 'keyword'] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`triggers.kinds.${k}`)}
                </option>
              ))}
            </HTMLSelect>
            <HTMLSelect aria-label={t('triggers.connection')} value={r.connectionId ?? ''} onChange={(e) => change(i, { connectionId: e.target.value ? Number(e.target.value) : null })} data-testid="fb-trigger-connection">
              <option value="">{t('triggers.everyConnection')}</option>
              {(connections.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </HTMLSelect>
            {r.kind === 'keyword' && (
              <>
                <InputGroup aria-label={t('triggers.phrase')} placeholder={t('triggers.phrase')} value={r.phrase} maxLength={200} intent={r.phrase.trim() ? 'none' : 'danger'} onValueChange={(phrase) => change(i, { phrase })} data-testid="fb-trigger-phrase" />
                <HTMLSelect aria-label={t('triggers.match')} value={r.match} onChange={(e) => change(i, { match: e.target.value as Row['match'] })} data-testid="fb-trigger-match">
                  <option value="exact">{t('triggers.matches.exact')}</option>
                  <option value="contains">{t('triggers.matches.contains')}</option>
                </HTMLSelect>
              </>
            )}
            <Button icon="trash" variant="minimal" aria-label={t('triggers.remove')} title={t('triggers.remove')} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} />
          </div>
        ))}
        <Button icon="add" text={t('triggers.add')} onClick={() => setRows((rs) => [...rs, { kind: 'keyword', connectionId: null, phrase: '', match: 'exact' }])} data-testid="fb-trigger-add" />
        <h5 className="fb-hook-title">{t('triggers.webhook')}</h5>
        <InputGroup readOnly value={hookUrl} aria-label={t('triggers.webhook')} data-testid="fb-trigger-hook" />
        <p className="fb-hint">{t('triggers.webhookHint')}</p>
        <WebhookSecret flowId={flowId} signed={webhookSigned} />
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button text={t('actions.cancel')} onClick={onClose} />
          <Button intent="primary" text={t('actions.save')} loading={saving} disabled={invalid || saved.status !== 'success'} onClick={() => void submit()} data-testid="fb-triggers-save" />
        </div>
      </div>
    </Dialog>
  );
}
