import { Button, Callout, DialogBody, DialogFooter, FileInput, FormGroup, HTMLTable, Intent, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { CONTACT_IMPORT_MAX_ROWS } from '@guiche/contracts';
import { Dialog, errorText, useTranslation } from '@guiche/web-sdk';
import { useSheetImport } from '../hooks/useSheetImport.js';
import { NS } from '../i18n/register.js';
import { rowFailureText } from '../lib/row-error.js';
import { progressValue, type ImportOutcome, type ImportProgress } from '../lib/row-import.js';
import '../contacts.css';

interface Props {
  isOpen: boolean;
  onDownloadSample(): void;
  onClose(): void;
}

const ACCEPT = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/**
 * Import spreadsheet (inbox.md §2, §7): the browser reads the sheet and shows how many rows it
 * has; 'Importar' posts them one per call to POST /contactsImport, 330 ms apart, the bar moving
 * every 5 rows; failed rows are listed with their number and reason; 'Cancelar importação' stops
 * after the row in flight. The dialog cannot be closed while rows are being sent.
 */
export function ImportSheetDialog({ isOpen, onDownloadSample, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { state, choose, start, cancel, reset } = useSheetImport();
  const busy = state.kind === 'running';

  let status = null;
  if (state.kind === 'reading') {
    status = (
      <div role="status" className="cx-import-status">
        <Spinner size={16} />
        <span>{t('import.reading')}</span>
      </div>
    );
  } else if (state.kind === 'unreadable') {
    status = (
      <Callout intent={Intent.DANGER} title={t('import.unreadableTitle')} icon="error" role="alert" data-testid="import-unreadable">
        {t(`import.unreadable.${state.reason}`, { max: CONTACT_IMPORT_MAX_ROWS })}
      </Callout>
    );
  } else if (state.kind === 'failed') {
    status = (
      <Callout intent={Intent.DANGER} title={t('import.failedTitle')} icon="error" role="alert">
        {errorText(state.error)}
      </Callout>
    );
  } else if (state.kind === 'ready') {
    status = (
      <p role="status" data-testid="import-row-count">
        {t('import.rowsFound', { count: state.rows.length })}
      </p>
    );
  } else if (state.kind === 'running') {
    status = <ImportRunning progress={state.progress} cancelling={state.cancelling} />;
  } else if (state.kind === 'done') {
    status = <ImportDone outcome={state.outcome} translateError={(error) => rowFailureText(error, tc)} />;
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      onClosed={reset}
      title={t('import.title')}
      icon="import"
      style={{ width: 560, maxWidth: '95vw' }}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={false}
      isCloseButtonShown={!busy}
    >
      <DialogBody>
        <p>{t('import.hint')}</p>
        <FormGroup label={t('import.file')} labelFor="contacts-import-file">
          <div className="cx-file-row">
            <FileInput
              text={state.kind === 'idle' ? t('import.noFile') : state.fileName}
              buttonText={t('import.choose')}
              disabled={busy}
              fill
              inputProps={{ id: 'contacts-import-file', accept: ACCEPT, 'aria-label': t('import.file') }}
              onInputChange={(event) => {
                const input = event.currentTarget;
                void choose(input.files?.[0] ?? null);
                // Choosing the same file again (after fixing it) must read it again.
                input.value = '';
              }}
            />
            <Button icon="download" variant="minimal" text={t('import.sample')} onClick={onDownloadSample} disabled={busy} />
          </div>
        </FormGroup>
        {status}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {busy ? (
              <Button intent={Intent.DANGER} icon="stop" text={t('import.cancel')} onClick={cancel} disabled={state.cancelling} data-testid="import-cancel" />
            ) : (
              <Button text={t('actions.close')} onClick={onClose} />
            )}
            {/* Stays in place while running (loading), so a double click never lands on 'Cancelar'. */}
            <Button intent={Intent.PRIMARY} icon="import" text={t('import.start')} onClick={() => void start()} loading={busy} disabled={state.kind !== 'ready'} data-testid="import-start" />
          </>
        }
      />
    </Dialog>
  );
}

function ImportRunning({ progress, cancelling }: { progress: ImportProgress; cancelling: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div role="status" aria-live="polite" data-testid="import-progress" data-done={progress.done} data-total={progress.total}>
      <p>{cancelling ? t('import.cancelling') : t('import.progress', { done: progress.done, total: progress.total })}</p>
      <ProgressBar value={progressValue(progress)} intent={Intent.PRIMARY} stripes={!cancelling} />
      {progress.errors.length > 0 && (
        <p className="cx-import-failing" data-testid="import-progress-failed">
          {t('import.failedSoFar', { count: progress.errors.length })}
        </p>
      )}
    </div>
  );
}

export function ImportDone({ outcome, translateError }: { outcome: ImportOutcome; translateError(error: string): string }) {
  const { t } = useTranslation(NS);
  const failed = outcome.errors.length;
  return (
    <div role="status" data-testid="import-result">
      <Callout
        intent={failed || outcome.cancelled ? Intent.WARNING : Intent.SUCCESS}
        title={outcome.cancelled ? t('import.cancelled', { done: outcome.done, total: outcome.total }) : t('import.done')}
        icon={failed || outcome.cancelled ? 'warning-sign' : 'tick-circle'}
      >
        <div className="cx-chips">
          <Tag intent={Intent.SUCCESS} minimal data-testid="import-created">{`${t('import.created')}: ${outcome.created}`}</Tag>
          <Tag intent={Intent.PRIMARY} minimal data-testid="import-updated">{`${t('import.updated')}: ${outcome.updated}`}</Tag>
          <Tag intent={failed ? Intent.DANGER : Intent.NONE} minimal data-testid="import-failed">{`${t('import.failed')}: ${failed}`}</Tag>
        </div>
      </Callout>
      {failed > 0 && (
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
              {outcome.errors.map((e) => (
                <tr key={e.row} data-testid="import-error-row">
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
