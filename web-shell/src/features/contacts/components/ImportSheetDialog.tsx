import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLTable, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText, serverValidationErrors, useTranslation } from '@guiche/web-sdk';
import { uploadContactsSheet } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { NS } from '../i18n/register.js';
import { secondsLeft, summarizeImport, uploadPercent, type ImportPhase } from '../lib/import-result.js';

interface Props {
  isOpen: boolean;
  onDownloadSample(): void;
  onClose(): void;
}

/**
 * Import spreadsheet (inbox.md §2): the file is uploaded to POST /contacts/upload, which imports it
 * row by row; the dialog shows the upload progress, then how many rows were created or updated and
 * each row that failed, and closes itself 15 s after finishing (see lib/import-result.ts for why
 * the rows are not sent one call each from here).
 */
export function ImportSheetDialog({ isOpen, onDownloadSample, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The finished dialog counts down and closes itself.
  useEffect(() => {
    if (finishedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [finishedAt]);
  const remaining = finishedAt === null ? null : secondsLeft(finishedAt, now);
  useEffect(() => {
    if (remaining === 0) onClose();
  }, [remaining, onClose]);

  const reset = () => {
    setFile(null);
    setPhase({ kind: 'idle' });
    setFinishedAt(null);
  };

  const start = async () => {
    if (!file) return;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const result = await uploadContactsSheet(file, (loaded, total) => {
        const percent = uploadPercent(loaded, total);
        setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent });
      });
      setPhase({ kind: 'done', result });
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    } catch (error) {
      setPhase({ kind: 'failed', error });
    }
    setNow(Date.now());
    setFinishedAt(Date.now());
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const translateError = (error: string) => (tc(error, { defaultValue: '' }) || tc(`errors.${error}`, { defaultValue: error }));

  let status = null;
  if (phase.kind === 'uploading') {
    status = (
      <div role="status">
        <p>{t('import.uploading', { percent: phase.percent })}</p>
        <ProgressBar value={phase.percent / 100} intent={Intent.PRIMARY} />
      </div>
    );
  } else if (phase.kind === 'processing') {
    status = (
      <div role="status">
        <p>{t('import.processing')}</p>
        <ProgressBar intent={Intent.PRIMARY} />
      </div>
    );
  } else if (phase.kind === 'failed') {
    const fileError = serverValidationErrors<{ file?: string }>(phase.error)?.file;
    status = (
      <Callout intent={Intent.DANGER} title={t('import.failedTitle')} icon="error" role="alert">
        {typeof fileError === 'string' ? fileError : errorText(phase.error)}
      </Callout>
    );
  } else if (phase.kind === 'done') {
    const summary = summarizeImport(phase.result);
    status = (
      <div role="status" data-testid="import-result">
        <Callout intent={summary.failed ? Intent.WARNING : Intent.SUCCESS} title={t('import.done')} icon={summary.failed ? 'warning-sign' : 'tick-circle'}>
          <div className="cx-chips">
            <Tag intent={Intent.SUCCESS} minimal data-testid="import-created">{`${t('import.created')}: ${summary.created}`}</Tag>
            <Tag intent={Intent.PRIMARY} minimal data-testid="import-updated">{`${t('import.updated')}: ${summary.updated}`}</Tag>
            <Tag intent={summary.failed ? Intent.DANGER : Intent.NONE} minimal data-testid="import-failed">{`${t('import.failed')}: ${summary.failed}`}</Tag>
          </div>
        </Callout>
        {summary.errors.length > 0 && (
          <div className="cx-import-errors">
            <HTMLTable compact striped className="cx-table" aria-label={t('import.rowsTitle')}>
              <thead>
                <tr>
                  <th>{t('import.row')}</th>
                  <th>{t('import.field')}</th>
                  <th>{t('import.error')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.errors.map((e) => (
                  <tr key={`${e.row}-${e.field ?? ''}`} data-testid="import-error-row">
                    <td>{e.row}</td>
                    <td>{e.field ? t(`fields.${e.field}`, { defaultValue: e.field }) : '—'}</td>
                    <td>{translateError(e.error)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </div>
    );
  }

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} onClosed={reset} title={t('import.title')} icon="import" style={{ width: 560, maxWidth: '95vw' }} canEscapeKeyClose={!busy} canOutsideClickClose={false} isCloseButtonShown={!busy}>
      <DialogBody>
        <p>{t('import.hint')}</p>
        <FormGroup label={t('import.file')} labelFor="contacts-import-file">
          <div className="cx-file-row">
            <FileInput
              text={file?.name ?? t('import.noFile')}
              buttonText={t('import.choose')}
              disabled={busy}
              fill
              inputProps={{ id: 'contacts-import-file', accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'aria-label': t('import.file') }}
              onInputChange={(event) => {
                const chosen = event.currentTarget.files?.[0] ?? null;
                setFile(chosen);
                setPhase({ kind: 'idle' });
                setFinishedAt(null);
              }}
            />
            <Button icon="download" variant="minimal" text={t('import.sample')} onClick={onDownloadSample} />
          </div>
        </FormGroup>
        {status}
        {remaining !== null && remaining > 0 && (
          <p className="cx-muted" data-testid="import-closing">
            {t('import.closing', { count: remaining })}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.close')} onClick={onClose} disabled={busy} />
            <Button intent={Intent.PRIMARY} icon="import" text={t('import.start')} onClick={() => void start()} loading={busy} disabled={!file || busy || phase.kind === 'done'} data-testid="import-start" />
          </>
        }
      />
    </Dialog>
  );
}
