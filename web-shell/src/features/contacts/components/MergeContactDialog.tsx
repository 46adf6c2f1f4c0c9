import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent, MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Contact } from '@guiche/contracts';
import { applyToPagedLists, Dialog, ErrorCard, LoadingState, replaceInPagedLists, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { fetchMergePreview, mergeContacts, searchContacts } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { NS } from '../i18n/register.js';

type Choice = Awaited<ReturnType<typeof searchContacts>>[number];

interface Props {
  /** The contact that keeps everything; null closes the dialog. */
  contact: Contact | null;
  onClose(): void;
}

/** Admins: merge a duplicate into this contact, after a preview of what moves (issue #31). */
export function MergeContactDialog({ contact, onClose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Dialog isOpen={contact !== null} onClose={onClose} title={t('merge.title', { name: contact?.name ?? '' })} icon="git-merge" style={{ width: 560, maxWidth: '95vw' }}>
      {contact && <MergeBody key={contact.id} contact={contact} onClose={onClose} />}
    </Dialog>
  );
}

function MergeBody({ contact, onClose }: { contact: Contact; onClose(): void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [other, setOther] = useState<Choice | null>(null);
  const choices = useQuery({
    queryKey: contactKeys.mergeChoices(contact.id, search),
    queryFn: () => searchContacts(search, contact.channel),
    staleTime: 10_000,
  });
  const preview = useQuery({
    queryKey: contactKeys.mergePreview(contact.id, other?.id ?? 0),
    queryFn: () => fetchMergePreview(contact.id, other!.id),
    enabled: other !== null,
    staleTime: 0,
  });
  const merge = useMutation({
    mutationFn: () => mergeContacts(contact.id, other!.id),
    onSuccess: (kept) => {
      replaceInPagedLists(queryClient, contactKeys.lists(), kept);
      applyToPagedLists<Contact>(queryClient, contactKeys.lists(), { removedId: other!.id });
      queryClient.setQueryData(contactKeys.detail(kept.id), kept);
      toastSuccess(t('merge.done', { name: kept.name }));
      onClose();
    },
    onError: (err) => toastError(err),
  });
  const candidates = (choices.data ?? []).filter((c) => c.id !== contact.id && c.isGroup === contact.isGroup);

  let summary = null;
  if (other && preview.isPending) summary = <LoadingState label={t('merge.loading')} />;
  else if (other && preview.isError) summary = <ErrorCard message={t('merge.loadFailed')} onRetry={() => void preview.refetch()} />;
  else if (other && preview.data) {
    const moves = preview.data.moves;
    summary = (
      <Callout intent={Intent.WARNING} icon="info-sign" data-testid="contact-merge-preview">
        <p>{t('merge.moves', { name: preview.data.kept.name, other: preview.data.merged.name })}</p>
        <ul>
          <li data-testid="merge-moves-tickets">{t('merge.tickets', { count: moves.tickets })}</li>
          {moves.joinedTickets > 0 && <li data-testid="merge-moves-joined">{t('merge.joined', { count: moves.joinedTickets })}</li>}
          <li data-testid="merge-moves-messages">{t('merge.messages', { count: moves.messages })}</li>
          <li data-testid="merge-moves-tags">{t('merge.tags', { count: moves.tags })}</li>
          <li data-testid="merge-moves-notes">{t('merge.notes', { count: moves.notes })}</li>
        </ul>
        <p>{t('merge.irreversible', { other: preview.data.merged.name })}</p>
      </Callout>
    );
  }

  return (
    <>
      <DialogBody>
        <FormGroup label={t('merge.other')} labelFor="contact-merge-other" helperText={t('merge.otherHint', { name: contact.name })}>
          <Suggest<Choice>
            fill
            items={candidates}
            selectedItem={other}
            query={search}
            onQueryChange={setSearch}
            inputValueRenderer={(c) => c.name}
            itemRenderer={(c, { handleClick, handleFocus, modifiers, ref }) => (
              <MenuItem key={c.id} ref={ref} text={c.name} label={c.number} active={modifiers.active} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" data-testid="contact-merge-option" />
            )}
            onItemSelect={setOther}
            noResults={<MenuItem disabled text={choices.isPending ? t('merge.searching') : t('merge.noResults')} roleStructure="listoption" />}
            resetOnClose
            popoverProps={{ minimal: true, matchTargetWidth: true }}
            inputProps={{ id: 'contact-merge-other', placeholder: t('merge.placeholder'), 'data-testid': 'contact-merge-other', autoFocus: true } as never}
          />
        </FormGroup>
        {summary}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button
              intent={Intent.DANGER}
              icon="git-merge"
              text={t('merge.confirm')}
              disabled={!preview.data}
              loading={merge.isPending}
              onClick={() => merge.mutate()}
              data-testid="contact-merge-confirm"
            />
          </>
        }
      />
    </>
  );
}
