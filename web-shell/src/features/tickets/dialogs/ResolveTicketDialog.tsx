import { Button, Callout, DialogBody, DialogFooter, Intent, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Dialog, useSession, useTranslation } from '@guiche/web-sdk';
import type { Ticket } from '../api/types.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { hasPlainTag } from '../lib/ticket-tags.js';
import { TICKETS_NS } from '../i18n/register.js';
import { ClosingReasonSelect, useCloseReasonRequired } from '../../closing-reasons/components/ClosingReasonSelect.js';

/** Rating emojis cover 1 to 5 (inbox.md §9). */
const RATING_EMOJI = ['😞', '🙁', '😐', '🙂', '😄'];

type CloseOption = 'farewell' | 'silent';

/**
 * Resolve (inbox.md §4): close normally (with the farewell) or without it — the default is what
 * will happen: without, and said so, when neither the agent's profile nor the connection has a
 * farewell message (the server sends the agent's, else the connection's); the rating request when
 * the company rates its service (setting userRating); the contact's rating when there is one.
 * The rating request needs the connection's rating message (the server sends nothing without it):
 * then the switch is off and disabled, and the dialog says why (issue #32).
 * With requiredTag the contact or the ticket (a plain tag, from the drawer's picker) needs a tag first.
 * The closing reason (issue #33) is asked first; with requireCloseReason resolving waits for one.
 */
export function ResolveTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose(): void }) {
  const { t } = useTranslation(TICKETS_NS);
  const { user } = useSession();
  const actions = useTicketActions();
  const [option, setOption] = useState<CloseOption>('farewell');
  const [askRating, setAskRating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [closeReasonId, setCloseReasonId] = useState<number | null>(null);
  const reasonRequired = useCloseReasonRequired();
  const settings = user?.company?.companieSettings ?? {};
  const ratingEnabled = settings.userRating === 'enabled';
  const hasFarewell = Boolean(user?.farewellMessage?.trim()) || Boolean(ticket?.whatsapp?.hasFarewell);
  const canAskRating = ratingEnabled && Boolean(ticket?.whatsapp?.hasRatingMessage);
  const tagMissing = settings.requiredTag === 'enabled' && ticket !== null && !hasPlainTag(ticket) && !(ticket.contact as { tags?: unknown[] }).tags?.length;

  useEffect(() => {
    setOption(hasFarewell ? 'farewell' : 'silent');
    setAskRating(canAskRating);
  }, [ticket?.id, canAskRating, hasFarewell]);
  useEffect(() => setCloseReasonId(null), [ticket?.id]);

  const submit = async () => {
    if (!ticket) return;
    setBusy(true);
    const done = await actions.resolve(ticket, option === 'farewell', canAskRating && askRating, closeReasonId);
    setBusy(false);
    if (done) onClose();
  };
  const rate = ticket?.userRating?.rate;

  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t('resolve.title')} icon="tick">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          {tagMissing && (
            <Callout intent={Intent.WARNING} icon="tag" style={{ marginBottom: 12 }}>
              {t('resolve.tagRequired')}
            </Callout>
          )}
          {ticket && <ClosingReasonSelect id="resolve-close-reason" value={closeReasonId} onChange={setCloseReasonId} required={reasonRequired} />}
          <RadioGroup label={t('resolve.text')} selectedValue={option} onChange={(e) => setOption(e.currentTarget.value as CloseOption)}>
            <Radio value="farewell" label={t('resolve.withFarewell')} disabled={!hasFarewell} />
            <Radio value="silent" label={t('resolve.withoutFarewell')} />
          </RadioGroup>
          {!hasFarewell && (
            <p className="bp6-text-muted" data-testid="resolve-no-farewell">
              {t('resolve.noFarewell')}
            </p>
          )}
          {ratingEnabled && (
            <Switch
              checked={canAskRating && askRating}
              disabled={!canAskRating}
              onChange={(e) => setAskRating(e.currentTarget.checked)}
              label={t('resolve.askRating')}
              data-testid="resolve-ask-rating"
            />
          )}
          {canAskRating && <p className="bp6-text-muted">{t('resolve.askRatingHint')}</p>}
          {ratingEnabled && !canAskRating && (
            <p className="bp6-text-muted" data-testid="resolve-no-rating-message">
              {t('resolve.noRatingMessage')}
            </p>
          )}
          <p>
            <strong>{t('resolve.rating')}:</strong>{' '}
            {rate ? (
              <span aria-label={`${rate}/5`} title={`${rate}/5`}>
                {RATING_EMOJI[Math.min(5, Math.max(1, rate)) - 1]} {rate}/5
              </span>
            ) : (
              <span className="bp6-text-muted">{t('resolve.noRating')}</span>
            )}
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('resolve.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.SUCCESS} text={t('resolve.confirm')} loading={busy} disabled={tagMissing || (reasonRequired && closeReasonId === null)} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
