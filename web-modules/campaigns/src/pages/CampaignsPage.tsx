import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPage, toastError, toastSuccess, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import type { Campaign, CampaignInput } from '../api/campaigns-api';
import { CampaignDialog } from '../components/CampaignDialog';
import { CampaignsTable } from '../components/CampaignsTable';
import { useCampaignEvents, useCampaignList, useCampaignMutations } from '../hooks/useCampaigns';
import { NS } from '../i18n/register';

type FormState = { campaign?: Campaign } | null;

/** /campaigns (outreach-config.md §2): search (lowercased, debounced), add, the list with infinite scroll, the dialog. */
export default function CampaignsPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const search = useListSearch();
  const list = useCampaignList(search.debounced);
  useCampaignEvents();
  const m = useCampaignMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((c: Campaign) => m.remove.mutateAsync(c.id), t('remove.done'));
  const act = (run: (id: number) => Promise<Campaign>, done: string) => async (c: Campaign) => {
    try {
      await run(c.id);
      toastSuccess(done);
    } catch (err) {
      toastError(err);
    }
  };
  const stop = act((id) => m.cancel.mutateAsync(id), t('stopped'));
  const restart = act((id) => m.restart.mutateAsync(id), t('restarted'));

  async function save(input: CampaignInput, file: File | null): Promise<Campaign> {
    let saved = form?.campaign ? await m.update.mutateAsync({ id: form.campaign.id, input }) : await m.create.mutateAsync(input);
    if (file) saved = await m.attach.mutateAsync({ id: saved.id, file });
    return saved;
  }

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'campaigns-page', search: 'campaigns-search', add: 'campaigns-add' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => setForm({})}
      emptyIcon="send-message"
      deletion={deletion}
      deleteName={(c) => c.name}
      dialogs={
        <CampaignDialog
          isOpen={form !== null}
          campaign={form?.campaign}
          onSubmit={save}
          onCancelCampaign={stop}
          onRestart={restart}
          onRemoveMedia={async (c) => setForm({ campaign: await m.detach.mutateAsync(c.id) })}
          onClose={() => setForm(null)}
        />
      }
    >
      <CampaignsTable
        campaigns={list.items}
        onEdit={(campaign) => setForm({ campaign })}
        onDelete={deletion.ask}
        onStop={(c) => void stop(c)}
        onRestart={(c) => void restart(c)}
        onReport={(c) => navigate(`/campaign/${c.id}/report`)}
      />
    </ListPage>
  );
}
