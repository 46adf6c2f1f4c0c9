import { useState } from 'react';
import { Tag } from '@blueprintjs/core';
import type { Announcement } from '@guiche/contracts';
import { ListPage, ListTable, RowActions, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import { deleteAnnouncement } from '../api/announcements-api.js';
import { AnnouncementDialog } from '../components/AnnouncementDialog.js';
import { priorityIntent } from '../components/priority.js';
import { useAnnouncementEvents, useAnnouncements } from '../hooks/useAnnouncements.js';
import { NS } from '../i18n/register.js';

/** /announcements: super users only — the shell's route rule shows anyone else "Acesso restrito". */
export default function AnnouncementsPage() {
  return <AnnouncementsList />;
}

function AnnouncementsList() {
  const { t } = useTranslation(NS);
  const search = useListSearch();
  const list = useAnnouncements(search.debounced);
  useAnnouncementEvents();
  const [form, setForm] = useState<{ announcement: Announcement | null } | null>(null);
  const deletion = useDeleteConfirmation(async (a: Announcement) => {
    await deleteAnnouncement(a.id);
    await list.refetch();
  }, t('remove.done'));

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'announcements-page', search: 'announcements-search', add: 'announcements-add', scroll: 'announcements-scroll' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => setForm({ announcement: null })}
      emptyIcon="feed"
      deletion={deletion}
      dialogs={form && <AnnouncementDialog announcement={form.announcement} onClose={() => setForm(null)} />}
    >
      <ListTable ns={NS} testId="announcements-table" columns={[['table.title'], ['table.priority'], ['table.attachment'], ['table.status'], ['table.actions', 'cx-actions']]}>
        {list.items.map((a) => (
          <tr key={a.id} data-testid="announcement-row">
            <td>{a.title}</td>
            <td>
              <Tag minimal intent={priorityIntent(a.priority)}>{t(`priority.${a.priority}`)}</Tag>
            </td>
            <td>{a.mediaName ?? '—'}</td>
            <td>{a.status ? t('table.active') : t('table.inactive')}</td>
            <RowActions className="cx-actions" label={t('table.rowActions', { title: a.title })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => setForm({ announcement: a })} onDelete={() => deletion.ask(a)} testIdPrefix="announcement" />
          </tr>
        ))}
      </ListTable>
    </ListPage>
  );
}
