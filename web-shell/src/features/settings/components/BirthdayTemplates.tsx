import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { templateExtrasOf, templateExtrasParams, type BirthdayConnection, type TemplateExtras } from '@guiche/contracts';
import { cloudTemplateKey, CloudTemplateFields, ConfirmDialog, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { useBirthdayTemplates } from '../hooks/useBirthdayTemplates.js';
import { NS } from '../i18n/register.js';

/** The message variables a template's value may hold, filled per contact. */
const PLACEHOLDERS = ['{{name}}', '{{firstName}}', '{{ms}}', '{{date}}', '{{connection}}'];

/**
 * Issue #33: Meta delivers the birthday text only to a contact who wrote in the last 24 h, so each
 * WhatsApp Cloud API connection has its approved template for the others; a greeting that found none
 * was skipped, and the count says so.
 */
export function BirthdayTemplates() {
  const { t } = useTranslation(NS);
  const { list } = useBirthdayTemplates();
  if (list.isPending) return <Spinner size={20} aria-label={t('birthdayTemplates.loading')} />;
  if (list.isError) return <Callout intent={Intent.DANGER} compact>{t('birthdayTemplates.error')}</Callout>;
  if (!list.data.length) return null;
  return (
    <fieldset className="st-lgpd st-wide" data-testid="birthday-templates">
      <legend>{t('birthdayTemplates.title')}</legend>
      {list.data.map((connection) => (
        <ConnectionTemplate key={connection.id} connection={connection} />
      ))}
    </fieldset>
  );
}

function ConnectionTemplate({ connection }: { connection: BirthdayConnection }) {
  const { t } = useTranslation(NS);
  const { save, remove } = useBirthdayTemplates();
  const [key, setKey] = useState(connection.template ? cloudTemplateKey(connection.template) : '');
  const [values, setValues] = useState<string[]>(connection.template?.variables ?? []);
  const [extras, setExtras] = useState<TemplateExtras>(templateExtrasOf(connection.template ?? {}));
  const [confirming, setConfirming] = useState(false);
  const prefix = `birthday-template-${connection.id}`;
  const submit = async () => {
    const [name = '', language = ''] = key.split('|');
    try {
      await save.mutateAsync({ whatsappId: connection.id, template: { name, language, variables: values, ...templateExtrasParams(extras) } });
      toastSuccess(t('saved'));
    } catch (err) {
      toastError(err);
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync(connection.id);
      setKey('');
      setValues([]);
      setExtras({});
      setConfirming(false);
      toastSuccess(t('saved'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="st-wide" data-testid={`${prefix}-box`}>
      <h4>{connection.name}</h4>
      {connection.skipped > 0 && (
        <Callout intent={Intent.WARNING} compact data-testid={`${prefix}-skipped`}>
          {t(`birthdayTemplates.skipped_${connection.lastSkipReason === 'templateUnusable' ? 'unusable' : 'none'}`, { count: connection.skipped, day: connection.lastSkippedOn ?? '' })}
        </Callout>
      )}
      <CloudTemplateFields
        connectionId={connection.id}
        idPrefix={prefix}
        templateKey={key}
        values={values}
        onChange={(next, nextValues) => {
          if (next !== key) setExtras({});
          setKey(next);
          setValues(nextValues);
        }}
        extras={extras}
        onExtrasChange={setExtras}
        explain={t('birthdayTemplates.explain')}
        noneLabel={t('birthdayTemplates.none')}
        hint={t('birthdayTemplates.hint')}
        placeholders={PLACEHOLDERS}
        disabled={save.isPending || remove.isPending}
      />
      <Button intent={Intent.PRIMARY} text={t('birthdayTemplates.save')} disabled={!key} loading={save.isPending} onClick={() => void submit()} data-testid={`${prefix}-save`} />{' '}
      {connection.template && <Button intent={Intent.DANGER} variant="minimal" text={t('birthdayTemplates.remove')} onClick={() => setConfirming(true)} />}
      <ConfirmDialog isOpen={confirming} title={t('birthdayTemplates.removeTitle', { name: connection.name })} loading={remove.isPending} onConfirm={() => void drop()} onClose={() => setConfirming(false)}>
        <p>{t('birthdayTemplates.removeMessage')}</p>
      </ConfirmDialog>
    </div>
  );
}
