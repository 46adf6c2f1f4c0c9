import { Button, Callout, DialogBody, DialogFooter, Intent, ProgressBar } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Events, type ContactImportProgress, type ContactImportSource } from '@guiche/contracts';
import { Dialog, errorText, useSession, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { importFromPhone } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { NS } from '../i18n/register.js';
import { rowFailureText } from '../lib/row-error.js';
import { ImportDone } from './ImportSheetDialog.js';

interface Props {
  /** Which list of the phone to import; null keeps the dialog closed. */
  source: ContactImportSource | null;
  onClose(): void;
}

/**
 * Import from phone (inbox.md §2): the default connection's running session hands over its address book
 * or its chats; the server creates the people who are new and names those still named by their number,
 * telling the importing user its progress (company-{id}-contactImport) until the answer arrives.
 */
export function PhoneImportDialog({ source, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ContactImportProgress | null>(null);
  const run = useMutation({
    mutationFn: importFromPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
  useSocketEvent<ContactImportProgress>(user && run.isPending ? Events.contactImport(user.companyId) : null, (payload) => {
    if (payload.source === source) setProgress(payload);
  });
  const busy = run.isPending;
  const kind = source ?? 'contacts';

  return (
    <Dialog
      isOpen={source !== null}
      onClose={busy ? undefined : onClose}
      // Reset when it opens, not when it has closed: reopened before its closing transition ended, it must not show the last result.
      onOpening={() => {
        run.reset();
        setProgress(null);
      }}
      title={t(`phoneImport.${kind}.title`)}
      icon="mobile-phone"
      style={{ width: 520, maxWidth: '95vw' }}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={false}
      isCloseButtonShown={!busy}
    >
      <DialogBody>
        <p>{t(`phoneImport.${kind}.hint`)}</p>
        {busy && (
          <div role="status" aria-live="polite" data-testid="phone-import-progress">
            <p>{progress && progress.total > 0 ? t('phoneImport.progress', { done: progress.done, total: progress.total }) : t('phoneImport.reading')}</p>
            <ProgressBar value={progress && progress.total > 0 ? progress.done / progress.total : undefined} intent={Intent.PRIMARY} />
          </div>
        )}
        {run.isError && (
          <Callout intent={Intent.DANGER} title={t('import.failedTitle')} icon="error" role="alert" data-testid="phone-import-failed">
            {errorText(run.error)}
          </Callout>
        )}
        {run.isSuccess && (
          <ImportDone outcome={{ ...run.data, done: run.data.created + run.data.updated, total: progress?.total ?? 0, cancelled: false }} translateError={(error) => rowFailureText(error, tc)} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.close')} onClick={onClose} disabled={busy} />
            {!run.isSuccess && (
              <Button intent={Intent.PRIMARY} icon="import" text={t('import.start')} loading={busy} onClick={() => source && run.mutate(source)} data-testid="phone-import-start" />
            )}
          </>
        }
      />
    </Dialog>
  );
}
