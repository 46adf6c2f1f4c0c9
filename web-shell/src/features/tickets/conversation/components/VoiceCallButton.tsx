import { Button } from '@blueprintjs/core';
import { toastError, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { voiceCall } from '../lib/voice-call.js';
import type { ConversationTicket } from '../types.js';

/**
 * The ticket header's call button: shown only when the ticket's connection has a voice-call token;
 * opens the external voice-call service in a new tab, or says the token or number is missing.
 */
export function VoiceCallButton({ ticket }: { ticket: Pick<ConversationTicket, 'whatsapp' | 'contact' | 'isGroup'> }) {
  const { t } = useTranslation(NS);
  const call = voiceCall(ticket);
  if (call.kind === 'hidden') return null;
  const label = t('voiceCall.label');
  const onClick = () => {
    if (call.kind === 'missing') toastError(t('voiceCall.missing'));
    else window.open(call.url, '_blank', 'noopener,noreferrer');
  };
  return <Button variant="minimal" icon="phone" aria-label={label} title={label} onClick={onClick} data-testid="ticket-voice-call" />;
}
