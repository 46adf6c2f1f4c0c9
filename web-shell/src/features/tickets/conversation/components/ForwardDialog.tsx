import { useEffect, useState } from 'react';
import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@guiche/contracts';
import { contactNumberText, Dialog, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { conversationKeys, forwardMessages, searchContacts } from '../api.js';
import { NS } from '../i18n/register.js';

/** Contact search: debounced 500 ms, from 3 characters (inbox.md §9). */
const SEARCH_DEBOUNCE_MS = 500;
const SEARCH_MIN_CHARS = 3;

interface Props {
  messageIds: number[];
  isOpen: boolean;
  onClose(): void;
  onForwarded(): void;
}

/** POST /message/forward: the selected messages, in order, to one contact. */
export function ForwardDialog({ messageIds, isOpen, onClose, onForwarded }: Props) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<Contact | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (!isOpen) {
      setSearch('');
      setTerm('');
      setChosen(null);
    }
  }, [isOpen]);

  const contacts = useQuery({
    queryKey: conversationKeys.forwardContacts(term),
    queryFn: () => searchContacts(term),
    enabled: isOpen && term.length >= SEARCH_MIN_CHARS,
  });

  const send = async () => {
    if (!chosen) return;
    if (!messageIds.length) {
      toastError(t('forward.nothing'));
      return;
    }
    setSending(true);
    try {
      await forwardMessages(messageIds, chosen.id);
      toastSuccess(t('forward.done', { count: messageIds.length, name: chosen.name }));
      onForwarded();
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('forward.title', { count: messageIds.length })} icon="share">
      <DialogBody>
        <FormGroup label={t('forward.contact')} labelFor="cv-forward-search" helperText={chosen ? t('forward.chosen', { name: chosen.name }) : t('forward.hint')}>
          <InputGroup id="cv-forward-search" leftIcon="search" autoFocus value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('forward.placeholder')} data-testid="forward-search" />
        </FormGroup>
        {term.length >= SEARCH_MIN_CHARS &&
          (contacts.isLoading ? (
            <Spinner size={20} />
          ) : (contacts.data ?? []).length === 0 ? (
            <p className="cv-muted">{t('forward.none')}</p>
          ) : (
            <Menu className="cv-forward__list" aria-label={t('forward.contact')}>
              {(contacts.data ?? []).slice(0, 30).map((c) => (
                <MenuItem key={c.id} text={c.name} label={contactNumberText(c)} active={chosen?.id === c.id} icon={chosen?.id === c.id ? 'tick' : 'person'} onClick={() => setChosen(c)} />
              ))}
            </Menu>
          ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent="primary" icon="share" text={t('forward.send')} disabled={!chosen} loading={sending} onClick={() => void send()} data-testid="forward-send" />
          </>
        }
      />
    </Dialog>
  );
}
