import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { MessageRecord } from '@guiche/contracts';
import { toastError, useSession, useTranslation } from '@guiche/web-sdk';
import { transcribeMessage } from '../api.js';
import { NS } from '../i18n/register.js';

/**
 * Issue #33: the "transcribe" button beside an audio (only when the plan has OpenAI) and its text
 * under it. The stored text comes back on the message (and to other agents by the live update).
 */
export function AudioTranscript({ message }: { message: MessageRecord }) {
  const { t } = useTranslation(NS);
  const { planFlags } = useSession();
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState<string | null>(null);
  const transcript = message.transcript ?? answered;

  const run = async () => {
    setBusy(true);
    try {
      setAnswered((await transcribeMessage(message.id)).transcript);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cv-transcript">
      {transcript === null && planFlags.useOpenAi === true && (
        <Button size="small" variant="minimal" icon="manually-entered-data" loading={busy} onClick={run} data-testid="transcribe-audio">
          {t('media.transcribe')}
        </Button>
      )}
      {transcript !== null && (
        <p className="cv-transcript__text" data-testid="audio-transcript" aria-label={t('media.transcript')}>
          {transcript || t('media.transcriptEmpty')}
        </p>
      )}
    </div>
  );
}
