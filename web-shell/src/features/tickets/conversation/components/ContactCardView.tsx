import { Button, Icon, Spinner } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import type { ContactCard } from '../lib/vcard.js';
import { NS } from '../i18n/register.js';

interface Props {
  card: ContactCard | null;
  /** The number is still being read (a .vcf file loading). */
  loading?: boolean;
  onStartTicket(card: ContactCard): void;
}

/** A contact card in a message: name, number and "start a conversation" with that number. */
export function ContactCardView({ card, loading, onStartTicket }: Props) {
  const { t } = useTranslation(NS);
  return (
    <div className="cv-media__contact" data-testid="message-contact-card">
      <Icon icon="person" size={20} />
      <div className="cv-media__contact-text">
        <strong>{card?.name || t('media.contact')}</strong>
        {loading ? <Spinner size={12} aria-label={t('media.contactLoading')} /> : <span>{card?.number || t('media.noNumber')}</span>}
      </div>
      {card?.number && <Button size="small" icon="chat" text={t('media.startTicket')} onClick={() => onStartTicket(card)} />}
    </div>
  );
}
