import { DialogBody, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog, FormDialogFooter, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { setContactsOwner } from '../api/contacts-api.js';
import { OwnerSelect } from './OwnerSelect.js';
import { NS } from '../i18n/register.js';

interface Props {
  /** The selected contacts; the dialog is open while there are some and `isOpen`. */
  contactIds: number[];
  isOpen: boolean;
  onDone(): void;
  onClose(): void;
}

/** The contacts page's bulk wallet change (issue #33): the selected contacts into one agent's wallet, or out of any. */
export function WalletBulkDialog({ contactIds, isOpen, onDone, onClose }: Props) {
  const { t } = useTranslation(NS);
  const [owner, setOwner] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const { updated } = await setContactsOwner(contactIds, owner ? Number(owner) : null);
      toastSuccess(t('wallet.done', { count: updated }));
      onDone();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('wallet.title', { count: contactIds.length })} icon="briefcase" style={{ width: 440, maxWidth: '95vw' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <FormGroup label={t('dialog.owner')} labelFor="bulk-owner" helperText={t('wallet.hint')}>
            <OwnerSelect id="bulk-owner" value={owner} onChange={(e) => setOwner(e.currentTarget.value)} autoFocus />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('wallet.apply')} saving={saving} onCancel={onClose} saveTestId="wallet-bulk-save" />
      </form>
    </Dialog>
  );
}
