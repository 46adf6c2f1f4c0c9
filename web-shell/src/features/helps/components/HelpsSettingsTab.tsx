import { Button, ButtonGroup, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useState } from 'react';
import type { Help } from '@guiche/contracts';
import { ConfirmDialog, ErrorCard, RowActions, TextAreaField, TextField, toastError, toastSuccess, useDeleteConfirmation, useTranslation } from '@guiche/web-sdk';
import { deleteHelp, helpKeys, saveHelp } from '../api/helps-api.js';
import { useHelps } from '../hooks/useHelps.js';
import { NS } from '../i18n/register.js';
import '../../plans/plans.css';

interface HelpForm {
  title: string;
  video: string;
  description: string;
}

const blank: HelpForm = { title: '', video: '', description: '' };

/** Settings → Helps (super users): the form above, the entries below; edit fills the form. */
export function HelpsSettingsTab() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const helps = useHelps();
  const [editing, setEditing] = useState<Help | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: helpKeys.list() });
  const deletion = useDeleteConfirmation(async (help: Help) => {
    await deleteHelp(help.id);
    if (editing?.id === help.id) stopEditing();
    await refresh();
  }, t('settings.done'));

  const form = useFormik<HelpForm>({
    initialValues: blank,
    validate: (v) => {
      const errors: Partial<HelpForm> = {};
      if (v.title.trim().length < 2) errors.title = t('settings.titleRequired');
      if (!v.video.trim()) errors.video = t('settings.videoRequired');
      return errors;
    },
    onSubmit: async (values, helpers) => {
      try {
        await saveHelp(editing?.id ?? null, { title: values.title.trim(), video: values.video.trim(), description: values.description.trim() || null });
        toastSuccess(t('settings.done'));
        setEditing(null);
        helpers.resetForm({ values: blank });
        await refresh();
      } catch {
        toastError(t('settings.saveError'));
      }
    },
  });

  function edit(help: Help) {
    setEditing(help);
    void form.setValues({ title: help.title, video: help.video, description: help.description ?? '' }, false);
  }
  function stopEditing() {
    setEditing(null);
    form.resetForm({ values: blank });
  }

  return (
    <div className="st-helps" data-testid="settings-helps">
      <form onSubmit={form.handleSubmit} noValidate className="st-form-row">
        <TextField form={form} name="title" id="help-title" label={t('settings.title')} required />
        <TextField form={form} name="video" id="help-video" label={t('settings.video')} required hint={t('settings.videoHint')} />
        <TextAreaField form={form} name="description" id="help-description" label={t('settings.description')} rows={2} />
        <ButtonGroup>
          {editing && <Button text={t('settings.cancel')} onClick={stopEditing} />}
          <Button type="submit" intent={Intent.PRIMARY} text={editing ? t('settings.update') : t('settings.add')} loading={form.isSubmitting} data-testid="help-save" />
        </ButtonGroup>
      </form>
      {helps.isPending ? (
        <Spinner aria-label={t('loading')} />
      ) : helps.isError ? (
        <ErrorCard title={t('loadError')} error={helps.error} onRetry={() => void helps.refetch()} />
      ) : (
        <HTMLTable className="cx-table" striped aria-label={t('settings.tableLabel')} data-testid="helps-table">
          <thead>
            <tr>
              <th>{t('settings.title')}</th>
              <th>{t('settings.video')}</th>
              <th>{t('settings.description')}</th>
              <th className="cx-actions">{t('settings.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {helps.data.length === 0 && (
              <tr>
                <td colSpan={4}>{t('empty')}</td>
              </tr>
            )}
            {helps.data.map((help) => (
              <tr key={help.id} data-testid="help-row">
                <td>{help.title}</td>
                <td>{help.video}</td>
                <td>{help.description}</td>
                <RowActions className="cx-actions" label={t('settings.rowActions', { title: help.title })} editLabel={t('settings.edit')} deleteLabel={t('settings.delete')} onEdit={() => edit(help)} onDelete={() => deletion.ask(help)} testIdPrefix="help" />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ConfirmDialog {...deletion.dialogProps} confirmLabel={t('settings.delete')} />
    </div>
  );
}
