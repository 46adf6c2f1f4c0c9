import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Button, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { useSendMessage, type Outgoing } from '../hooks/useSendMessage';
import { NS } from '../i18n/register';
import { reportChatError } from '../lib/report-error';
import { AudioRecorderControls } from './AudioRecorderControls';

/** Text box (Enter sends, Shift+Enter breaks the line, blank is ignored), attach and record. */
export function MessageComposer({ chatId, inputRef }: { chatId: number; inputRef?: Ref<HTMLTextAreaElement> }) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage(chatId);

  const submit = async (outgoing: Outgoing) => {
    setNotice(null);
    try {
      await send.mutateAsync(outgoing);
      if (outgoing.kind === 'text') setText('');
    } catch (err) {
      reportChatError('send message', err);
    }
  };

  const sendText = () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    void submit({ kind: 'text', message });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    sendText();
  };

  const onFileChosen = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (file) void submit({ kind: 'media', file });
  };

  return (
    <form
      className="ic-composer"
      onSubmit={(event) => {
        event.preventDefault();
        sendText();
      }}
    >
      {notice && (
        <p className="ic-composer__notice" role="status" data-testid="chat-notice">
          {notice}
        </p>
      )}
      <div className="ic-composer__row">
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="chat-file-input"
          onChange={(event) => onFileChosen(event.target.files?.[0])}
        />
        <Button
          icon="paperclip"
          variant="minimal"
          aria-label={t('input.attach')}
          title={t('input.attach')}
          disabled={send.isPending}
          onClick={() => fileInput.current?.click()}
        />
        <AudioRecorderControls
          disabled={send.isPending}
          onRecorded={(file) => void submit({ kind: 'media', file })}
          onNotice={setNotice}
        />
        <TextArea
          className="ic-composer__input"
          inputRef={inputRef}
          aria-label={t('input.label')}
          placeholder={t('input.placeholder')}
          value={text}
          rows={1}
          autoResize
          fill
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          icon="send-message"
          intent={Intent.PRIMARY}
          aria-label={t('input.send')}
          title={t('input.send')}
          loading={send.isPending}
          disabled={!text.trim()}
        />
      </div>
    </form>
  );
}
