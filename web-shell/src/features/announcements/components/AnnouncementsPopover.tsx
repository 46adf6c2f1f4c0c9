import { Button, Card, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { Announcement } from '@guiche/contracts';
import { EmptyState, ErrorCard, formatDateTime, LoadingState, MenuPopover, publicUrl, useSession, useTranslation } from '@guiche/web-sdk';
import { useActiveAnnouncements, useAnnouncementEvents } from '../hooks/useAnnouncements.js';
import { NS } from '../i18n/register.js';
import { priorityIntent } from './priority.js';
import '../announcements.css';

const seenKey = (userId: number) => `announcementsSeen:${userId}`;
const lastSeen = (userId: number) => Number(localStorage.getItem(seenKey(userId)) ?? 0);

/** The top bar's announcements, for every user: the active ones, unread ones counted until opened. */
export function AnnouncementsPopover() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const query = useActiveAnnouncements();
  useAnnouncementEvents();
  const [seen, setSeen] = useState(() => (user ? lastSeen(user.id) : 0));
  const items = query.data ?? [];
  const unread = items.filter((a) => a.id > seen).length;

  const markRead = () => {
    if (!user || !items.length) return;
    const newest = Math.max(...items.map((a) => a.id));
    localStorage.setItem(seenKey(user.id), String(newest));
    setSeen(newest);
  };

  let content;
  if (query.isPending) content = <LoadingState label={t('popover.loading')} />;
  else if (query.isError) content = <ErrorCard message={t('popover.error')} onRetry={() => void query.refetch()} />;
  else if (!items.length) content = <EmptyState icon="notifications" title={t('popover.empty')} />;
  else content = items.map((a) => <AnnouncementCard key={a.id} announcement={a} unread={a.id > seen} />);

  return (
    <MenuPopover placement="bottom-end" content={<div className="an-popover" data-testid="announcements-list">{content}</div>} onClosed={markRead}>
      <Button variant="minimal" icon="feed" className="an-bell" aria-label={`${t('popover.title')}${unread ? ` (${unread})` : ''}`} title={t('popover.title')} data-testid="announcements-button">
        {unread > 0 && (
          <Tag round intent="danger" className="an-badge" data-testid="announcements-unread">
            {unread}
          </Tag>
        )}
      </Button>
    </MenuPopover>
  );
}

function AnnouncementCard({ announcement, unread }: { announcement: Announcement; unread: boolean }) {
  const { t } = useTranslation(NS);
  const image = publicUrl(announcement.mediaPath);
  return (
    <Card compact className="an-card" data-testid="announcement-item" data-unread={unread}>
      <div className="an-card__head">
        <strong>{announcement.title}</strong>
        <Tag minimal intent={priorityIntent(announcement.priority)}>{t(`priority.${announcement.priority}`)}</Tag>
        {unread && <Tag round intent="primary">{t('popover.new')}</Tag>}
      </div>
      <p className="an-card__text">{announcement.text}</p>
      {image && <img className="an-card__image" src={image} alt={announcement.mediaName ?? announcement.title} />}
      <small className="bp6-text-muted">{formatDateTime(announcement.createdAt)}</small>
    </Card>
  );
}
