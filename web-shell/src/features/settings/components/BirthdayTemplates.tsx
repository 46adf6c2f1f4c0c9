import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import type { BirthdayConnection } from '@guiche/contracts';
import { chooseCloudTemplate, CloudTemplateFields, cloudTemplateFormValues, cloudTemplateInput, ConfirmDialog, toastError, toastSuccess, useConfirmedAction, useTranslation } from '@guiche/web-sdk';
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
  const [form, setForm] = useState(() => cloudTemplateFormValues(connection.template));
  const removing = useConfirmedAction(
    async (id: number) => {
      await remove.mutateAsync(id);
      setForm(cloudTemplateFormValues(null));
    },
    () => t('saved'),
  );
  const prefix = `birthday-template-${connection.id}`;
  const submit = async () => {
    const template = cloudTemplateInput(form);
    if (!template) return;
    try {
      await save.mutateAsync({ whatsappId: connection.id, template });
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
        templateKey={form.templateKey}
        values={form.templateVariables}
        onChange={(key, values) => setForm((current) => chooseCloudTemplate(current, key, values))}
        extras={form.templateExtras}
        onExtrasChange={(extras) => setForm((current) => ({ ...current, templateExtras: extras }))}
        explain={t('birthdayTemplates.explain')}
        noneLabel={t('birthdayTemplates.none')}
        hint={t('birthdayTemplates.hint')}
        placeholders={PLACEHOLDERS}
        disabled={save.isPending || remove.isPending}
      />
      <Button intent={Intent.PRIMARY} text={t('birthdayTemplates.save')} disabled={!form.templateKey} loading={save.isPending} onClick={() => void submit()} data-testid={`${prefix}-save`} />{' '}
      {connection.template && <Button intent={Intent.DANGER} variant="minimal" text={t('birthdayTemplates.remove')} onClick={() => removing.ask(connection.id)} />}
      <ConfirmDialog {...removing.dialogProps} title={t('birthdayTemplates.removeTitle', { name: connection.name })}>
        <p>{t('birthdayTemplates.removeMessage')}</p>
      </ConfirmDialog>
    </div>
  );
}
