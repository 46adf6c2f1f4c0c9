import { useEffect, useMemo, useState } from 'react';
import { Button, DialogBody, DialogFooter, Icon, InputGroup } from '@blueprintjs/core';
import { Dialog, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import type { Attachment } from '../api.js';

interface Props {
  files: File[];
  sending: boolean;
  onSend(items: Attachment[]): void;
  onClose(): void;
}

/** The chosen files before sending: a preview and a caption each. */
export function AttachmentDialog({ files, sending, onSend, onClose }: Props) {
  const { t } = useTranslation(NS);
  const [captions, setCaptions] = useState<string[]>([]);
  const previews = useMemo(() => files.map((f) => (f.type.startsWith('image/') ? URL.createObjectURL(f) : null)), [files]);
  useEffect(() => () => previews.forEach((p) => p && URL.revokeObjectURL(p)), [previews]);
  useEffect(() => setCaptions(files.map(() => '')), [files]);

  const send = () => onSend(files.map((file, i) => ({ file, caption: captions[i] ?? '' })));

  return (
    <Dialog isOpen={files.length > 0} onClose={onClose} title={t('attach.title', { count: files.length })} icon="paperclip">
      <DialogBody>
        <ul className="cv-attach">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="cv-attach__item" data-testid="attachment-item">
              {previews[i] ? <img src={previews[i]!} alt="" className="cv-attach__preview" /> : <Icon icon="document" size={32} />}
              <div className="cv-attach__fields">
                <span className="cv-attach__name">{file.name}</span>
                <InputGroup
                  aria-label={t('attach.caption', { name: file.name })}
                  placeholder={t('attach.captionPlaceholder')}
                  value={captions[i] ?? ''}
                  autoFocus={i === 0}
                  onChange={(e) => setCaptions((c) => c.map((v, j) => (j === i ? e.target.value : v)))}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey) {
                      e.preventDefault();
                      send();
                    }
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent="primary" icon="send-message" text={t('actions.send')} loading={sending} onClick={send} data-testid="attachment-send" />
          </>
        }
      />
    </Dialog>
  );
}
