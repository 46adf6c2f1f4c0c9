import { useEffect, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import type { Contact } from '@guiche/contracts';
import { Avatar, Dialog, useTranslation } from '@guiche/web-sdk';
import { SearchSuggest } from '../../components/SearchSuggest.js';
import { useCardContactSearch } from '../hooks/useCardContactSearch.js';
import { cardOfContact, type ContactCard } from '../lib/vcard.js';
import { NS } from '../i18n/register.js';

interface Props {
  isOpen: boolean;
  sending: boolean;
  onSend(card: ContactCard): void;
  onClose(): void;
}

/** "Send contact": one of the company's contacts, searched from 3 characters, sent as a contact card. */
export function SendContactDialog({ isOpen, sending, onSend, onClose }: Props) {
  const { t } = useTranslation(NS);
  const [contact, setContact] = useState<Contact | null>(null);

  useEffect(() => {
    if (isOpen) setContact(null);
  }, [isOpen]);

  const choice = contact ? cardOfContact(contact) : null;
  const card = choice && 'card' in choice ? choice.card : null;

  return (
    <Dialog isOpen={isOpen} onClose={() => !sending && onClose()} title={t('sendContact.title')} icon="id-number">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (card && !sending) onSend(card);
        }}
      >
        <DialogBody>
          <FormGroup label={t('sendContact.contact')} labelFor="cv-send-contact-search" helperText={t('sendContact.hint')}>
            <SearchSuggest<Contact>
              id="cv-send-contact-search"
              placeholder={t('sendContact.placeholder')}
              selected={contact}
              useResults={useCardContactSearch}
              describe={(c) => c.number || undefined}
              noResults={t('sendContact.none')}
              searching={t('sendContact.searching')}
              hint={t('sendContact.placeholder')}
              onSelect={setContact}
            />
          </FormGroup>
          {contact && (
            <div className="cv-send-contact__preview" data-testid="send-contact-preview" aria-live="polite">
              <Avatar name={contact.name} url={contact.profilePicUrl ?? contact.urlPicture} size={40} />
              <div className="cv-media__contact-text">
                <strong>{card?.name ?? contact.name}</strong>
                <span>{card?.number ?? (contact.number || t('media.noNumber'))}</span>
              </div>
            </div>
          )}
          {choice && 'problem' in choice && (
            <Callout intent={Intent.WARNING} icon="warning-sign" className="cv-send-contact__problem" role="alert" data-testid="send-contact-problem">
              {t(`sendContact.problem.${choice.problem}`)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} disabled={sending} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text={t('actions.send')} disabled={!card} loading={sending} data-testid="send-contact-send" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
