import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Connection } from '@guiche/contracts';
import { serverValidationErrors, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { fetchCloudCredentials, saveCloudCredentials, type CloudCredentialsInput } from './meta-api.js';
import { META_NS } from './register.js';
import { CloudTemplatesSync } from './CloudTemplatesSync.js';

type Field = keyof CloudCredentialsInput;
const FIELDS: { field: Field; secret: boolean }[] = [
  { field: 'phoneNumberId', secret: false },
  { field: 'wabaId', secret: false },
  { field: 'accessToken', secret: true },
  { field: 'appSecret', secret: true },
  { field: 'verifyToken', secret: true },
];

/**
 * The WhatsApp Cloud API part of the connection dialog: phone number id, WABA id, access token,
 * app secret and verify token (secrets never come back: a blank field keeps the stored one), and
 * the webhook URL to copy into the Meta app. Saved on its own (PUT /whatsappapi/{id}/credentials),
 * which restarts the session to check the number.
 */
export function CloudApiPanel({ connection }: { connection?: Connection }) {
  const { t } = useTranslation(META_NS);
  const queryClient = useQueryClient();
  const id = connection?.id;
  const query = useQuery({ queryKey: ['whatsappapi-credentials', id], queryFn: () => fetchCloudCredentials(id!), enabled: id !== undefined });
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);

  if (id === undefined) {
    return (
      <Callout intent={Intent.PRIMARY} compact data-testid="cloud-save-first">
        {t('cloud.saveFirst')}
      </Callout>
    );
  }
  const stored = query.data;
  const value = (field: Field) => values[field] ?? (FIELDS.find((f) => f.field === field)?.secret ? '' : (stored?.[field] ?? ''));

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const input: CloudCredentialsInput = { phoneNumberId: value('phoneNumberId'), wabaId: value('wabaId') };
      for (const field of ['accessToken', 'appSecret', 'verifyToken'] as const) if (values[field]) input[field] = values[field];
      await saveCloudCredentials(id, input);
      setValues({});
      toastSuccess(t('cloud.saved'));
      await queryClient.invalidateQueries({ queryKey: ['whatsappapi-credentials', id] });
    } catch (err) {
      const fieldErrors = serverValidationErrors<Record<Field, string>>(err);
      if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors as Partial<Record<Field, string>>);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!stored) return;
    await navigator.clipboard?.writeText(stored.webhookUrl).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1000);
  };

  return (
    <fieldset className="cn-form__import" data-testid="cloud-panel">
      <legend>{t('cloud.title')}</legend>
      {stored?.lastError && (
        <Callout intent={Intent.DANGER} compact>
          {t('cloud.lastError', { error: stored.lastError })}
        </Callout>
      )}
      {FIELDS.map(({ field, secret }) => {
        const error = errors[field] ? t(errors[field]!, { ns: 'translation' }) : undefined;
        const masked = secret ? stored?.[field] : null;
        return (
          <FormGroup key={field} label={t(`cloud.${field}`)} labelFor={`cloud-${field}`} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? (masked ? t('cloud.secretKept', { masked }) : undefined)}>
            <InputGroup
              id={`cloud-${field}`}
              type={secret ? 'password' : 'text'}
              autoComplete="off"
              value={value(field)}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.currentTarget.value }))}
              intent={error ? Intent.DANGER : Intent.NONE}
              data-testid={`cloud-${field}`}
            />
          </FormGroup>
        );
      })}
      {stored && (
        <FormGroup label={t('cloud.webhookUrl')} labelFor="cloud-webhook">
          <InputGroup
            id="cloud-webhook"
            readOnly
            value={stored.webhookUrl}
            data-testid="cloud-webhook"
            rightElement={<Button variant="minimal" icon={copied ? 'tick' : 'duplicate'} text={copied ? t('cloud.copied') : t('cloud.copy')} onClick={() => void copy()} />}
          />
        </FormGroup>
      )}
      {stored?.configured && <CloudTemplatesSync connectionId={id} />}
      <Button intent={Intent.PRIMARY} text={t('cloud.save')} loading={saving} onClick={() => void save()} data-testid="cloud-save" />
    </fieldset>
  );
}
