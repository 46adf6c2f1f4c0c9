import { useEffect, useState } from 'react';
import { AnchorButton, Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WEBCHAT_LANGS, WEBCHAT_POSITIONS, type Connection, type WebchatSiteInput } from '@guiche/contracts';
import { LoadingState, serverValidationErrors, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { apiBase, embedSnippet, fetchWebchatSite, rotateWidgetKey, saveWebchatSite } from './webchat-api.js';
import { WEBCHAT_NS } from './register.js';

type Field = 'title' | 'color' | 'position' | 'lang' | 'allowedOrigins';
interface Draft {
  title: string;
  color: string;
  position: (typeof WEBCHAT_POSITIONS)[number];
  lang: string;
  origins: string;
}

const siteKey = (id: number) => ['webchat-site', id] as const;

/** The first message of a field's issues (allowedOrigins.3 counts as allowedOrigins). */
function firstErrors(errors: Record<string, unknown> | null): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [field, value] of Object.entries(errors ?? {})) {
    const message = Array.isArray(value) ? value.find((v) => typeof v === 'string') : typeof value === 'string' ? value : undefined;
    if (message) out[field as Field] = message;
  }
  return out;
}

/**
 * The website chat's part of the connection dialog: the snippet to paste (with copy), the widget's
 * default look (title, colour, position, language), the sites allowed to embed it, and a preview.
 * Saved on its own (PUT /webchat/sites/{id}); a script's data-* attributes still win over the look.
 */
export function WebchatSitePanel({ connection }: { connection?: Connection }) {
  const { t } = useTranslation(WEBCHAT_NS);
  const queryClient = useQueryClient();
  const id = connection?.id;
  const query = useQuery({ queryKey: siteKey(id ?? 0), queryFn: () => fetchWebchatSite(id!), enabled: id !== undefined });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);
  const [rotating, setRotating] = useState(false);

  const stored = query.data;
  useEffect(() => {
    if (stored) setDraft({ title: stored.title ?? '', color: stored.color ?? '', position: stored.position, lang: stored.lang ?? '', origins: stored.allowedOrigins.join('\n') });
  }, [stored]);

  if (id === undefined) {
    return (
      <Callout intent={Intent.PRIMARY} compact data-testid="webchat-save-first">
        {t('saveFirst')}
      </Callout>
    );
  }
  if (!stored || !draft) return <LoadingState label={t('loading')} />;

  const snippet = embedSnippet(stored.token);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const errorOf = (field: Field) => (errors[field] ? t(errors[field]!, { ns: 'translation' }) : undefined);

  const save = async () => {
    setSaving(true);
    setErrors({});
    const input: WebchatSiteInput = {
      title: draft.title,
      color: draft.color,
      position: draft.position,
      lang: (draft.lang || null) as WebchatSiteInput['lang'],
      allowedOrigins: draft.origins.split('\n').map((line) => line.trim()).filter(Boolean),
    };
    try {
      queryClient.setQueryData(siteKey(id), await saveWebchatSite(id, input));
      toastSuccess(t('saved'));
    } catch (err) {
      const fieldErrors = firstErrors(serverValidationErrors<Record<string, unknown>>(err) as Record<string, unknown> | null);
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const rotate = async () => {
    setRotating(true);
    try {
      queryClient.setQueryData(siteKey(id), await rotateWidgetKey(id));
      toastSuccess(t('rotated'));
    } catch (err) {
      toastError(err);
    } finally {
      setRotating(false);
    }
  };

  const copy = async () => {
    await navigator.clipboard?.writeText(snippet).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1000);
  };

  const field = (name: Field, label: string, control: React.ReactNode, hint?: string) => (
    <FormGroup label={label} labelFor={`webchat-${name}`} intent={errorOf(name) ? Intent.DANGER : Intent.NONE} helperText={errorOf(name) ?? hint}>
      {control}
    </FormGroup>
  );

  return (
    <fieldset className="cn-form__import" data-testid="webchat-site-panel">
      <legend>{t('title')}</legend>
      <FormGroup label={t('snippet')} labelFor="webchat-snippet" helperText={t('rotateKeyHint')}>
        <TextArea id="webchat-snippet" readOnly fill value={snippet} rows={2} data-testid="webchat-snippet" onFocus={(e) => e.currentTarget.select()} />
      </FormGroup>
      <div className="cn-form__actions">
        <Button icon={copied ? 'tick' : 'duplicate'} text={copied ? t('copied') : t('copy')} onClick={() => void copy()} data-testid="webchat-copy" />
        <AnchorButton icon="share" text={t('preview')} href={`${apiBase()}/webchat/${stored.token}/preview`} target="_blank" rel="noopener" data-testid="webchat-preview" />
        <Button icon="refresh" text={t('rotateKey')} loading={rotating} onClick={() => void rotate()} data-testid="webchat-rotate-key" />
      </div>
      <div className="cn-form__row">
        {field('title', t('widgetTitle'), <InputGroup id="webchat-title" value={draft.title} maxLength={60} onChange={(e) => set({ title: e.currentTarget.value })} />, t('widgetTitleHint'))}
        {field('color', t('color'), <InputGroup id="webchat-color" value={draft.color} placeholder="#1f6feb" maxLength={7} onChange={(e) => set({ color: e.currentTarget.value })} leftElement={<span className="cn-swatch" style={{ background: draft.color || '#1f6feb' }} />} />)}
      </div>
      <div className="cn-form__row">
        {field(
          'position',
          t('position'),
          <HTMLSelect id="webchat-position" value={draft.position} onChange={(e) => set({ position: e.currentTarget.value as Draft['position'] })} options={WEBCHAT_POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} />,
        )}
        {field(
          'lang',
          t('lang'),
          <HTMLSelect id="webchat-lang" value={draft.lang} onChange={(e) => set({ lang: e.currentTarget.value })} options={[{ value: '', label: t('langs.auto') }, ...WEBCHAT_LANGS.map((l) => ({ value: l, label: t(`langs.${l}`) }))]} />,
        )}
      </div>
      {field('allowedOrigins', t('origins'), <TextArea id="webchat-allowedOrigins" fill rows={3} value={draft.origins} onChange={(e) => set({ origins: e.currentTarget.value })} data-testid="webchat-origins" />, t('originsHint'))}
      <Button intent={Intent.PRIMARY} text={t('save')} loading={saving} onClick={() => void save()} data-testid="webchat-site-save" />
    </fieldset>
  );
}
