import { useEffect, useState } from 'react';
import { Button, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { MessageRecord } from '@guiche/contracts';
import { Dialog, toastError, useSession, useTranslation } from '@guiche/web-sdk';
import { editMessage } from '../api.js';
import { withoutSignature } from '../lib/messages.js';
import { NS } from '../i18n/register.js';

interface Props {
  message: MessageRecord | null;
  onClose(): void;
  onEdited(record: MessageRecord): void;
}

/** POST /messages/edit/:id: the agent's own text within 15 minutes (the server checks the window again). */
export function EditMessageDialog({ message, onClose, onEdited }: Props) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (message) setBody(withoutSignature(message.body, user?.name));
  }, [message, user?.name]);

  const save = async () => {
    if (!message || !body.trim()) return;
    setSaving(true);
    try {
      onEdited(await editMessage(message.id, body.trim()));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen={Boolean(message)} onClose={onClose} title={t('edit.title')} icon="edit">
      <DialogBody>
        <FormGroup label={t('edit.label')} labelFor="cv-edit-body">
          <TextArea
            id="cv-edit-body"
            fill
            rows={4}
            autoFocus
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void save();
              }
            }}
            data-testid="edit-body"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('actions.save')} loading={saving} disabled={!body.trim()} onClick={() => void save()} data-testid="edit-save" />
          </>
        }
      />
    </Dialog>
  );
}
