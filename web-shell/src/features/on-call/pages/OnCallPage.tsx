import { useState } from 'react';
import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import type { Plantao } from '@guiche/contracts';
import { ConfirmDialog, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { PlantaoDialog } from '../components/PlantaoDialog.js';
import { usePlantaoEvents, usePlantaoMutations, usePlantoes } from '../hooks/usePlantoes.js';
import { NS } from '../i18n/register.js';
import '../on-call.css';

type FormState = { mode: 'new' } | { mode: 'edit'; plantao: Plantao } | null;

/** /plantao: who is on call, when, and how often they are told about waiting tickets (admin group). */
export default function OnCallPage() {
  const { t } = useTranslation(NS);
  const list = usePlantoes();
  usePlantaoEvents();
  const mutations = usePlantaoMutations();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Plantao | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await mutations.remove.mutateAsync(deleting.id);
      toastSuccess(t('remove.done'));
      setDeleting(null);
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <div className="plantao-page" data-testid="plantao-page">
      <PageHeader title={t('title')}>
        <Button intent="primary" icon="add" text={t('add')} onClick={() => setForm({ mode: 'new' })} data-testid="plantao-add" />
      </PageHeader>
      {list.isLoading ? (
        <LoadingState />
      ) : list.isError ? (
        // A list that could not be read is an error, never an empty list.
        <ErrorCard error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data?.length ? (
        <p>{t('empty')}</p>
      ) : (
        <HTMLTable striped interactive className="plantao-table" data-testid="plantao-table">
          <thead>
            <tr>
              <th>{t('table.id')}</th>
              <th>{t('table.user')}</th>
              <th>{t('table.phone')}</th>
              <th>{t('table.schedules')}</th>
              <th>{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((p) => (
              <tr key={p.id} data-testid="plantao-row">
                <td>{p.id}</td>
                <td>
                  {p.user.name}
                  {p.pageSlaBreaches && (
                    <Tag minimal className="plantao-sla" data-testid="plantao-sla-tag" title={t('dialog.pageSlaBreaches')}>
                      {t('slaTag')}
                    </Tag>
                  )}
                </td>
                <td>
                  {p.phone}
                  {p.lastError && (
                    // The last page to this phone could not go out (e.g. a Cloud API window closed without a template).
                    <Tag intent="danger" minimal className="plantao-failed" data-testid="plantao-last-error" title={p.lastErrorAt ? new Date(p.lastErrorAt).toLocaleString() : undefined}>
                      {t('lastError', { reason: t(`errors.${p.lastError}`, { ns: 'translation' }) })}
                    </Tag>
                  )}
                </td>
                <td>
                  {p.days
                    .filter((d) => d.startTime && d.endTime)
                    .map((d) => (
                      <div key={d.weekdayEn}>{t('range', { day: t(`weekdays.${d.weekdayEn}`), start: d.startTime, end: d.endTime })}</div>
                    ))}
                </td>
                <td>
                  <Button minimal icon="edit" aria-label={t('table.edit')} onClick={() => setForm({ mode: 'edit', plantao: p })} data-testid="plantao-edit" />
                  <Button minimal icon="trash" intent="danger" aria-label={t('table.delete')} onClick={() => setDeleting(p)} data-testid="plantao-delete" />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <PlantaoDialog
        isOpen={form !== null}
        plantao={form?.mode === 'edit' ? form.plantao : undefined}
        onSubmit={(input) => mutations.save.mutateAsync({ id: form?.mode === 'edit' ? form.plantao.id : undefined, input })}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog isOpen={deleting !== null} title={t('remove.title')} loading={mutations.remove.isPending} onConfirm={() => void confirmDelete()} onClose={() => setDeleting(null)}>
        {t('remove.confirm')}
      </ConfirmDialog>
    </div>
  );
}
