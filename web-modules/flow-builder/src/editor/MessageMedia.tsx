import { useRef, useState } from 'react';
import { Button, Callout, FormGroup, ProgressBar, Tag } from '@blueprintjs/core';
import { FLOW_MEDIA_MAX_BYTES, flowMediaTypeOf } from '@guiche/contracts';
import { errorText, useTranslation } from '@guiche/web-sdk';
import { uploadFlowMedia, type FlowMediaFile } from '../api';
import { NS } from '../i18n/register';

interface Props {
  flowId: number;
  file: FlowMediaFile | undefined;
  readOnly: boolean;
  onChange(file: FlowMediaFile | undefined): void;
}

/**
 * The message block's file from the computer: uploaded once to the company's storage (16 MB, the
 * type from its MIME), shown by name and type, removed from the block with a button (the stored
 * file stays: published versions may still send it). A file lost in an import asks to be uploaded again.
 */
export function MessageMedia({ flowId, file, readOnly, onChange }: Props) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pick = async (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setError(null);
    if (chosen.size > FLOW_MEDIA_MAX_BYTES) return setError(t('media.tooBig', { name: chosen.name }));
    setProgress(0);
    try {
      onChange(await uploadFlowMedia(flowId, chosen, setProgress));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <FormGroup label={t('media.label')} helperText={t('media.hint')}>
      {file ? (
        <div className="fb-media-file" data-testid="fb-media-file">
          <Tag minimal icon="media" title={file.mimetype}>{file.fileName}</Tag>{' '}
          <span data-testid="fb-media-type">{t(`fields.mediaTypes.${flowMediaTypeOf(file.mimetype)}`)}</span>{' '}
          {!readOnly && <Button small minimal icon="cross" text={t('media.remove')} onClick={() => onChange(undefined)} data-testid="fb-media-remove" />}
          {!file.path && (
            <Callout intent="warning" compact data-testid="fb-media-missing">
              {t('media.missing')}
            </Callout>
          )}
        </div>
      ) : null}
      {!readOnly && (!file || !file.path) && (
        <>
          <input ref={input} type="file" hidden accept="image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.zip,.txt,.csv" onChange={(e) => void pick(e.target.files?.[0])} data-testid="fb-media-input" />
          <Button small icon="paperclip" text={t('media.choose')} loading={progress !== null} disabled={progress !== null} onClick={() => input.current?.click()} data-testid="fb-media-choose" />
        </>
      )}
      {progress !== null && <ProgressBar value={progress} intent="primary" data-testid="fb-media-progress" />}
      {error && (
        <Callout intent="danger" compact data-testid="fb-media-error">
          {error}
        </Callout>
      )}
    </FormGroup>
  );
}
