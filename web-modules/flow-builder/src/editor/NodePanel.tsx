import { Button, FormGroup, HTMLSelect, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import { httpRowProblems, type FlowNode, type FlowSummary, type HttpRowProblem } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { newOptionId } from './graph';
import { MessageMedia } from './MessageMedia';
import { MessageTemplate } from './MessageTemplate';
import { PairRows } from './PairRows';

interface Props {
  /** The flow being edited (a message block's file is uploaded for it). */
  flowId: number;
  node: FlowNode;
  queues: { id: number; name: string }[];
  flows: FlowSummary[];
  readOnly: boolean;
  onChange(data: Record<string, unknown>): void;
  onDelete(): void;
}

/** The selected block's fields: each change is one step of the undo history. */
export function NodePanel({ flowId, node, queues, flows, readOnly, onChange, onDelete }: Props) {
  const { t } = useTranslation(NS);
  const data = node.data as Record<string, any>;
  const set = (key: string, value: unknown) => onChange({ ...data, [key]: value });
  const num = (key: string, label: string, min = 0, hint?: string) => (
    <FormGroup label={label} labelFor={`fb-${key}`} helperText={hint}>
      <NumericInput id={`fb-${key}`} min={min} value={data[key] ?? ''} disabled={readOnly} onValueChange={(v) => set(key, Number.isFinite(v) ? v : undefined)} data-testid={`fb-field-${key}`} />
    </FormGroup>
  );
  const text = (key: string, label: string, area = false) => (
    <FormGroup label={label} labelFor={`fb-${key}`} helperText={key === 'text' ? t('fields.textHint', { example: '{{nome}}' }) : undefined}>
      {area ? (
        <TextArea id={`fb-${key}`} fill value={data[key] ?? ''} disabled={readOnly} onChange={(e) => set(key, e.target.value)} data-testid={`fb-field-${key}`} />
      ) : (
        <InputGroup id={`fb-${key}`} value={data[key] ?? ''} disabled={readOnly} onValueChange={(v) => set(key, v)} data-testid={`fb-field-${key}`} />
      )}
    </FormGroup>
  );
  const select = (key: string, label: string, options: { value: string | number; label: string }[], placeholder?: string, numeric = false) => (
    <FormGroup label={label} labelFor={`fb-${key}`}>
      <HTMLSelect
        id={`fb-${key}`}
        fill
        value={data[key] ?? ''}
        disabled={readOnly}
        onChange={(e) => set(key, e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value)}
        options={[...(placeholder ? [{ value: '', label: placeholder }] : []), ...options]}
        data-testid={`fb-field-${key}`}
      />
    </FormGroup>
  );
  const httpRows = node.type === 'http' ? httpRowProblems(node.data) : null;
  const say = (problems: Map<number, HttpRowProblem>) => new Map([...problems].map(([i, code]) => [i, t(`fields.rowProblems.${code}`)]));
  const fields = () => {
    switch (node.type) {
      case 'message':
        return (
          <>
            {text('text', t('fields.text'), true)}
            <MessageMedia flowId={flowId} file={data.mediaFile} readOnly={readOnly} onChange={(file) => set('mediaFile', file)} />
            {/* A URL instead (fetched when sent), for who prefers it: a file wins. */}
            {!data.mediaFile && text('mediaUrl', t('fields.mediaUrl'))}
            {!data.mediaFile && select('mediaType', t('fields.mediaType'), ['image', 'audio', 'video', 'document'].map((m) => ({ value: m, label: t(`fields.mediaTypes.${m}`) })), '—')}
            {num('typingSeconds', t('fields.typingSeconds'), 0, t('fields.typingHint'))}
            <MessageTemplate value={data.template} readOnly={readOnly} onChange={(template) => set('template', template)} />
          </>
        );
      case 'menu':
        return (
          <>
            {text('text', t('fields.text'), true)}
            <FormGroup label={t('fields.options')} labelFor="fb-options">
              <TextArea
                id="fb-options"
                fill
                disabled={readOnly}
                value={(data.options as { label: string }[]).map((o) => o.label).join('\n')}
                onChange={(e) => {
                  const labels = e.target.value.split('\n').slice(0, 20);
                  const current = data.options as { id: string; label: string }[];
                  set('options', labels.map((label, i) => ({ id: current[i]?.id ?? newOptionId(), label })));
                }}
                data-testid="fb-field-options"
              />
            </FormGroup>
            {text('invalidText', t('fields.invalidText'))}
            {num('retries', t('fields.retries'))}
            {num('timeoutMinutes', t('fields.timeoutMinutes'))}
          </>
        );
      case 'question':
        return (
          <>
            {text('text', t('fields.text'), true)}
            <FormGroup label={t('fields.saveTo')} labelFor="fb-saveTo">
              <InputGroup id="fb-saveTo" value={data.saveTo?.name ?? ''} disabled={readOnly} onValueChange={(v) => set('saveTo', { kind: 'variable', name: v })} data-testid="fb-field-saveTo" />
            </FormGroup>
            {num('timeoutMinutes', t('fields.timeoutMinutes'))}
          </>
        );
      case 'condition':
        return (
          <>
            {select('subject', t('fields.subject'), ['answer', 'variable', 'contactField', 'tag', 'channel', 'businessHours'].map((s) => ({ value: s, label: t(`fields.subjects.${s}`) })), '—')}
            {(data.subject === 'variable' || data.subject === 'contactField') && text('name', t('fields.name'))}
            {select('operator', t('fields.operator'), ['equals', 'contains', 'exists'].map((s) => ({ value: s, label: t(`fields.operators.${s}`) })))}
            {text('value', t('fields.value'))}
          </>
        );
      case 'wait':
        return num('minutes', t('fields.minutes'), 1);
      case 'setQueue':
        return select('queueId', t('fields.queue'), queues.map((q) => ({ value: q.id, label: q.name })), t('fields.chooseQueue'), true);
      case 'assign':
        return num('userId', t('fields.userId'), 1);
      case 'setTag':
      case 'removeTag':
        return num('tagId', t('fields.tagId'), 1);
      case 'ticket':
        return select('action', t('fields.action'), ['open', 'close'].map((a) => ({ value: a, label: t(`fields.actions.${a}`) })));
      case 'http':
        return (
          <>
            {select('method', t('fields.method'), ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m })))}
            {text('url', t('fields.url'))}
            <PairRows
              field="headers"
              label={t('fields.headers')}
              hint={t('fields.headersHint', { example: '{{token}}' })}
              keys={['name', 'value']}
              placeholders={[t('fields.headerName'), t('fields.headerValue')]}
              rows={(data.headers ?? []) as { name: string; value: string }[]}
              problems={say(httpRows!.headers)}
              readOnly={readOnly}
              onChange={(rows) => set('headers', rows)}
            />
            {text('body', t('fields.body'), true)}
            <PairRows
              field="responseMap"
              label={t('fields.responseMap')}
              hint={t('fields.responseMapHint')}
              keys={['path', 'variable']}
              placeholders={[t('fields.mapPath'), t('fields.mapVariable')]}
              rows={(data.responseMap ?? []) as { path: string; variable: string }[]}
              problems={say(httpRows!.responseMap)}
              readOnly={readOnly}
              onChange={(rows) => set('responseMap', rows)}
            />
            {num('timeoutSeconds', t('fields.timeoutSeconds'), 1)}
          </>
        );
      case 'goToFlow':
        return select('flowId', t('fields.flowId'), flows.map((f) => ({ value: f.id, label: f.name })), t('fields.chooseFlow'), true);
      default:
        return null;
    }
  };
  return (
    <div className="fb-panel" data-testid="fb-panel">
      <h4>{t(`nodes.${node.type}`)}</h4>
      {fields()}
      {node.type !== 'start' && !readOnly && <Button icon="trash" intent="danger" variant="minimal" text={t('editor.deleteNode')} onClick={onDelete} data-testid="fb-delete-node" />}
    </div>
  );
}
