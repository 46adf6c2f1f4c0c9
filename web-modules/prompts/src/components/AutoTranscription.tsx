import { Callout, Card, H5, Intent, Spinner, Switch } from '@blueprintjs/core';
import { isAdmin, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { useQueues, useTranscriptionQueues } from '../hooks';
import { NS } from '../i18n/register';

const REASONS = ['ERR_OPENAI_KEY_MISSING', 'ERR_TRANSCRIPTION_FAILED', 'ERR_NOT_AUDIO'];

/**
 * Issue #33: "Transcrição automática" — a switch per queue (admins): customers' audio in a queue
 * switched on is transcribed without a click. Says when no prompt has a key, and how many audios were
 * not transcribed and why.
 */
export function AutoTranscription() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const admin = isAdmin(user);
  const queues = useQueues();
  const { state, toggle } = useTranscriptionQueues(admin);
  if (!admin) return null;
  const on = new Set(state.data?.queueIds ?? []);
  const reason = state.data?.lastReason;
  const change = async (queue: { id: number; name: string }, auto: boolean) => {
    try {
      await toggle.mutateAsync({ queueId: queue.id, auto });
      toastSuccess(t(auto ? 'auto.on' : 'auto.off', { name: queue.name }));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Card className="prompts-auto" data-testid="prompts-auto-transcription" style={{ marginTop: 16 }}>
      <H5>{t('auto.title')}</H5>
      <p className="bp6-text-muted">{t('auto.hint')}</p>
      {state.data && !state.data.keyConfigured && (
        <Callout intent={Intent.WARNING} compact data-testid="prompts-auto-no-key">
          {t('auto.noKey')}
        </Callout>
      )}
      {state.data && state.data.notTranscribed > 0 && (
        <Callout intent={Intent.WARNING} compact data-testid="prompts-auto-skipped" style={{ marginTop: 8 }}>
          {t('auto.notTranscribed', { count: state.data.notTranscribed, reason: t(`auto.reasons.${reason && REASONS.includes(reason) ? reason : 'unknown'}`) })}
        </Callout>
      )}
      {queues.isPending || state.isPending ? (
        <Spinner size={20} aria-label={t('auto.loading')} />
      ) : queues.isError || state.isError ? (
        <Callout intent={Intent.DANGER} compact>
          {t('auto.error')}
        </Callout>
      ) : !queues.data?.length ? (
        <p>{t('auto.empty')}</p>
      ) : (
        <div style={{ marginTop: 8 }}>
          {queues.data.map((queue) => (
            <Switch
              key={queue.id}
              data-testid={`prompts-auto-queue-${queue.id}`}
              label={queue.name}
              checked={on.has(queue.id)}
              disabled={toggle.isPending}
              onChange={(e) => void change(queue, e.currentTarget.checked)}
            />
          ))}
        </div>
      )}
    </Card>
  );
}
