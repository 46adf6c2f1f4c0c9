import { useState } from 'react';
import { AnchorButton, Button, Icon, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageMediaTabs, type MessageMediaTab } from '@guiche/contracts';
import { EmptyState, ErrorCard, formatDateTime, useTranslation } from '@guiche/web-sdk';
import { drawerKeys, fetchMediaTab, type MediaRecord } from '../api.js';
import { NS } from '../i18n/register.js';

function src(mediaUrl: string | null): string | null {
  if (!mediaUrl) return null;
  if (/^(https?:|blob:|data:)/i.test(mediaUrl) || mediaUrl.startsWith('/')) return mediaUrl;
  return `/public/${mediaUrl.split('/').map(encodeURIComponent).join('/')}`;
}

function TabContent({ ticketId, tab }: { ticketId: number; tab: MessageMediaTab }) {
  const { t } = useTranslation(NS);
  const query = useInfiniteQuery({
    queryKey: drawerKeys.media(ticketId, tab),
    queryFn: ({ pageParam }) => fetchMediaTab(ticketId, tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, param) => (last.hasMore ? param + 1 : undefined),
  });
  if (query.isLoading) return <Spinner size={24} className="cd-tab__spinner" />;
  if (query.isError) return <ErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  const records: MediaRecord[] = query.data?.pages.flatMap((p) => p.records) ?? [];
  if (!records.length) return <EmptyState icon="media" title={t(`tabs.empty.${tab}`)} />;

  return (
    <div className="cd-tab" data-testid={`drawer-tab-${tab}`}>
      {tab === 'media' ? (
        <div className="cd-media-grid">
          {records.map((m) => {
            const url = src(m.mediaUrl);
            if (!url) return null;
            return m.mediaType === 'image' ? (
              <a key={m.id} href={url} target="_blank" rel="noreferrer" title={formatDateTime(m.createdAt)}>
                <img src={url} alt={m.body || t('tabs.image')} loading="lazy" />
              </a>
            ) : m.mediaType === 'video' ? (
              <video key={m.id} src={url} controls preload="metadata" aria-label={t('tabs.video')} />
            ) : (
              <audio key={m.id} src={url} controls preload="none" aria-label={t('tabs.audio')} />
            );
          })}
        </div>
      ) : (
        <ul className="cd-list">
          {records.map((m) =>
            tab === 'links' ? (
              (m.links ?? []).map((link) => (
                <li key={`${m.id}-${link}`}>
                  <Icon icon="link" size={12} />
                  <a href={link} target="_blank" rel="noreferrer noopener" className="cd-list__text">
                    {link}
                  </a>
                </li>
              ))
            ) : tab === 'documents' ? (
              <li key={m.id}>
                <Icon icon="document" size={12} />
                <span className="cd-list__text">{m.mediaName || m.body || t('tabs.document')}</span>
                {src(m.mediaUrl) && <AnchorButton size="small" variant="minimal" icon="download" href={src(m.mediaUrl)!} download target="_blank" rel="noreferrer" aria-label={t('tabs.download')} />}
              </li>
            ) : (
              <li key={m.id}>
                <Icon icon="phone-call" size={12} />
                <span className="cd-list__text">{m.fromMe ? t('tabs.callOutgoing') : t('tabs.callIncoming')}</span>
                <span className="cd-muted">{formatDateTime(m.createdAt)}</span>
              </li>
            ),
          )}
        </ul>
      )}
      {query.hasNextPage && <Button size="small" variant="minimal" text={t('tabs.more')} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />}
    </div>
  );
}

/** Tabs Mídia, Documentos, Links, Ligações (GET /messages/getmedia/:ticketId?type=…). */
export function MediaTabs({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState<MessageMediaTab>('media');
  return (
    <Tabs id="cd-media-tabs" selectedTabId={tab} onChange={(id) => setTab(id as MessageMediaTab)} renderActiveTabPanelOnly className="cd-tabs">
      {MessageMediaTabs.map((id) => (
        <Tab key={id} id={id} title={t(`tabs.${id}`)} panel={<TabContent ticketId={ticketId} tab={id} />} />
      ))}
    </Tabs>
  );
}
