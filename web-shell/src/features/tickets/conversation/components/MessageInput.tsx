import { useMemo, useRef, useState } from 'react';
import { Button, Callout, Icon, Intent, Switch, TextArea } from '@blueprintjs/core';
import type { MessageRecord, QuickMessage } from '@guiche/contracts';
import { toastError, toastWarning, useAudioRecorder, useTranslation, type AudioRecorderOptions } from '@guiche/web-sdk';
import { sendContactCard, sendMedia, sendStoredMedia, sendText, type Attachment } from '../api.js';
import { matchQuickReplies, quickReplyTerm, truncate } from '../lib/messages.js';
import { NS } from '../i18n/register.js';
import { AttachMenu } from './AttachMenu.js';
import { AttachmentDialog } from './AttachmentDialog.js';
import { CameraDialog } from './CameraDialog.js';
import { SendContactDialog } from './SendContactDialog.js';
import { QuickReplies } from './QuickReplies.js';
import { useQuickReplies } from '../hooks/useQuickReplies.js';

/** inbox.md §9: mp3 when the browser can, else its Opus/WebM/Ogg/MP4 type; data every 250 ms; the file typed without codec parameters. */
const RECORDER_OPTIONS: AudioRecorderOptions = { timesliceMs: 250, bareFileType: true };

/** inbox.md §2: the input grows up to 5 rows. */
export const MAX_INPUT_ROWS = 5;

interface Props {
  ticketId: number;
  disabled: boolean;
  /** Set when only messages to the contact are refused (Meta's window closed): says why; private notes still go. */
  publicBlocked?: string;
  replyTo: MessageRecord | null;
  onCancelReply(): void;
  onSent(records: MessageRecord[]): void;
}

export function MessageInput({ ticketId, disabled: ticketDisabled, publicBlocked, replyTo, onCancelReply, onSent }: Props) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [activeQuick, setActiveQuick] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'camera' | 'contact' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const recorder = useAudioRecorder(RECORDER_OPTIONS);
  const disabled = ticketDisabled || (Boolean(publicBlocked) && !isPrivate);

  const term = disabled ? null : quickReplyTerm(text);
  const quick = useQuickReplies(term !== null);
  const matches = useMemo(() => (term === null ? [] : matchQuickReplies(quick.data ?? [], term).slice(0, 50)), [quick.data, term]);
  const rows = Math.min(MAX_INPUT_ROWS, Math.max(1, text.split('\n').length));
  const quotedMsgId = replyTo?.id;

  const run = async (action: () => Promise<MessageRecord[]>) => {
    setSending(true);
    try {
      const records = await action();
      onSent(records);
      onCancelReply();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSending(false);
    }
  };

  const sendCurrent = async () => {
    const body = text.trim();
    // inbox.md §5: blank text is ignored.
    if (!body || disabled || sending) return;
    const ok = await run(() => sendText(ticketId, { body, isPrivate, quotedMsgId }));
    if (ok) setText('');
    textArea.current?.focus();
  };

  const chooseQuick = async (reply: QuickMessage) => {
    setActiveQuick(0);
    if (reply.mediaPath) {
      setText('');
      await run(() => sendStoredMedia(ticketId, reply.mediaPath!, reply.message ?? '', isPrivate));
    } else {
      setText(reply.message);
    }
    textArea.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (term !== null && matches.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const delta = event.key === 'ArrowDown' ? 1 : -1;
        setActiveQuick((i) => (i + delta + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        void chooseQuick(matches[Math.min(activeQuick, matches.length - 1)]!);
        return;
      }
    }
    if (event.key === 'Escape' && term !== null) {
      setText('');
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendCurrent();
    }
  };

  const sendFiles = async (items: Attachment[]) => {
    const ok = await run(() => sendMedia(ticketId, items, { isPrivate, quotedMsgId }));
    if (ok) setFiles([]);
  };

  const sendFromDialog = async (action: () => Promise<MessageRecord[]>) => {
    if (await run(action)) setDialog(null);
  };

  const startRecording = async () => {
    setNotice(null);
    try {
      await recorder.start();
    } catch {
      toastWarning(t('audio.micUnavailable'));
    }
  };

  const stopRecording = async () => {
    const result = await recorder.stop();
    if (!result) return;
    if (result.status === 'too-short') {
      setNotice(t('audio.tooShort'));
      return;
    }
    const { file } = result;
    await run(() => sendMedia(ticketId, [{ file, caption: '' }], { isPrivate, quotedMsgId }));
  };

  const recordingFormat = recorder.format ? (recorder.format.isMp3 ? 'mp3' : recorder.format.mimeType.split(';')[0]!.split('/')[1]!) : '';

  return (
    <div className={`cv-input${isPrivate ? ' cv-input--private' : ''}`} data-testid="conversation-input">
      {replyTo && (
        <div className="cv-input__reply" data-testid="reply-preview">
          <Icon icon="undo" />
          <div className="cv-input__reply-text">
            <strong>{replyTo.fromMe ? t('message.you') : (replyTo.contact?.name ?? t('message.contact'))}</strong>
            <span>{truncate(replyTo.body || t(`mediaLabel.${replyTo.mediaType}`, { defaultValue: t('mediaLabel.application') }), 120)}</span>
          </div>
          <Button variant="minimal" icon="cross" aria-label={t('input.cancelReply')} onClick={onCancelReply} />
        </div>
      )}
      {notice && (
        <Callout intent={Intent.WARNING} icon="warning-sign" className="cv-input__notice" role="status">
          {notice}
          <Button variant="minimal" size="small" icon="cross" aria-label={t('actions.close')} onClick={() => setNotice(null)} />
        </Callout>
      )}
      {term !== null && <QuickReplies replies={matches} loading={quick.isLoading} active={activeQuick} onChoose={(r) => void chooseQuick(r)} />}
      <div className="cv-input__row">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="attach-input"
          onChange={(e) => {
            setFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <AttachMenu
          disabled={disabled || sending || recorder.state !== 'idle'}
          onFiles={() => fileInput.current?.click()}
          onCamera={() => setDialog('camera')}
          onContact={() => setDialog('contact')}
        />
        {recorder.state === 'recording' ? (
          <div className="cv-input__recording" role="status" data-testid="recording">
            <span className="cv-input__recording-dot" aria-hidden />
            <span>{t('audio.recording')}</span>
            <span className="cv-input__recording-format">{recorder.format?.isMp3 ? t('audio.formatMp3') : t('audio.formatOther', { format: recordingFormat })}</span>
          </div>
        ) : (
          <TextArea
            inputRef={textArea}
            className="cv-input__text"
            rows={rows}
            fill
            value={text}
            disabled={disabled}
            placeholder={ticketDisabled ? t('input.disabled') : disabled ? publicBlocked : isPrivate ? t('input.placeholderPrivate') : t('input.placeholder')}
            aria-label={t('input.label')}
            onChange={(e) => {
              setText(e.target.value);
              setActiveQuick(0);
            }}
            onKeyDown={onKeyDown}
            data-testid="message-text"
          />
        )}
        {recorder.state === 'recording' ? (
          <>
            <Button variant="minimal" icon="cross" aria-label={t('audio.cancel')} title={t('audio.cancel')} onClick={recorder.cancel} />
            <Button intent="danger" icon="stop" aria-label={t('audio.stop')} title={t('audio.stop')} onClick={() => void stopRecording()} data-testid="audio-stop" />
          </>
        ) : text.trim() ? (
          <Button intent="primary" icon="send-message" aria-label={t('actions.send')} title={t('actions.send')} loading={sending} disabled={disabled} onClick={() => void sendCurrent()} data-testid="message-send" />
        ) : (
          <Button
            variant="minimal"
            icon="microphone"
            aria-label={t('audio.record')}
            title={t('audio.record')}
            loading={sending}
            disabled={disabled || recorder.state === 'starting'}
            onClick={() => void startRecording()}
            data-testid="audio-record"
          />
        )}
      </div>
      <div className="cv-input__options">
        <Switch
          checked={isPrivate}
          disabled={ticketDisabled}
          onChange={(e) => setPrivate(e.currentTarget.checked)}
          label={t('input.private')}
          role="switch"
          alignIndicator="left"
          data-testid="private-toggle"
        />
        <span className="cv-input__hint">{t('input.hint')}</span>
      </div>
      <AttachmentDialog files={files} sending={sending} onSend={(items) => void sendFiles(items)} onClose={() => setFiles([])} />
      <CameraDialog
        isOpen={dialog === 'camera'}
        sending={sending}
        onSend={(item) => void sendFromDialog(() => sendMedia(ticketId, [item], { isPrivate, quotedMsgId }))}
        onClose={() => setDialog(null)}
      />
      <SendContactDialog
        isOpen={dialog === 'contact'}
        sending={sending}
        onSend={(card) => void sendFromDialog(() => sendContactCard(ticketId, card, { isPrivate, quotedMsgId }))}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
