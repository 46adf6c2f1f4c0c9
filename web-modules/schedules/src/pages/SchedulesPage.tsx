import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPage, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import type { Schedule, ScheduleInput } from '@guiche/contracts';
import { ScheduleDialog } from '../components/ScheduleDialog';
import { SchedulesTable } from '../components/SchedulesTable';
import { useScheduleEvents, useScheduleMutations, useSchedules } from '../hooks/useSchedules';
import { NS } from '../i18n/register';

type FormState = { mode: 'new'; contactId: number | null; whatsappId: number | null; returnTo: string | null } | { mode: 'edit'; schedule: Schedule } | null;

const positiveId = (value: string | null) => (value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null);
/** Only a path of this site, never another origin. */
const localPath = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : null);

/**
 * /schedules (outreach-config.md §2): search, add, the list, and the dialog. ?contactId (from a
 * contact or a ticket, with ?whatsappId and ?returnTo) opens the create dialog for that contact;
 * once saved, returnTo (the ticket) is shown again.
 */
export default function SchedulesPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = useListSearch();
  const list = useSchedules(search.debounced);
  useScheduleEvents();
  const mutations = useScheduleMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((s: Schedule) => mutations.remove.mutateAsync(s.id), t('remove.done'));

  useEffect(() => {
    const contactId = positiveId(params.get('contactId'));
    if (contactId === null) return;
    setForm({ mode: 'new', contactId, whatsappId: positiveId(params.get('whatsappId')), returnTo: localPath(params.get('returnTo')) });
    setParams({}, { replace: true });
  }, [params, setParams]);

  async function save(input: ScheduleInput, file: File | null): Promise<Schedule> {
    let saved = form?.mode === 'edit' ? await mutations.update.mutateAsync({ id: form.schedule.id, input }) : await mutations.create.mutateAsync(input);
    if (file) saved = await mutations.attach.mutateAsync({ id: saved.id, file });
    return saved;
  }

  function saved() {
    const back = form?.mode === 'new' ? form.returnTo : null;
    setForm(null);
    if (back) navigate(back);
  }

  const dialog = (
    <ScheduleDialog
      isOpen={form !== null}
      schedule={form?.mode === 'edit' ? form.schedule : undefined}
      defaults={form?.mode === 'new' ? { contactId: form.contactId, whatsappId: form.whatsappId } : {}}
      onSubmit={save}
      onCancelSchedule={async (s) => {
        await mutations.update.mutateAsync({ id: s.id, input: { body: s.body, contactId: s.contactId, sendAt: s.sendAt, whatsappId: s.whatsappId, repeat: s.repeat, repeatUntil: s.repeatUntil, status: 'CANCELADA' } });
        setForm(null);
      }}
      onRemoveMedia={async (s) => setForm({ mode: 'edit', schedule: await mutations.detach.mutateAsync(s.id) })}
      onSaved={saved}
      onClose={() => setForm(null)}
    />
  );
  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'schedules-page', search: 'schedules-search', add: 'schedules-add' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => setForm({ mode: 'new', contactId: null, whatsappId: null, returnTo: null })}
      emptyIcon="calendar"
      deletion={deletion}
      deleteName={(s) => s.contact?.name ?? ''}
      dialogs={dialog}
    >
      <SchedulesTable schedules={list.items} onEdit={(schedule) => setForm({ mode: 'edit', schedule })} onDelete={deletion.ask} />
    </ListPage>
  );
}
