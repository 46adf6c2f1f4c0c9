import { Card, DialogBody, H5, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import type { Help } from '@guiche/contracts';
import { Dialog, EmptyState, ErrorCard, PageHeader, useTranslation } from '@guiche/web-sdk';
import { embedUrl, thumbnailUrl } from '../api/helps-api.js';
import { useHelps } from '../hooks/useHelps.js';
import { NS } from '../i18n/register.js';
import '../helps.css';

/** /helps (account-admin.md §2 Help page): video cards; a card opens the video, Escape closes it. */
export default function HelpsPage() {
  const { t } = useTranslation(NS);
  const helps = useHelps();
  const [playing, setPlaying] = useState<Help | null>(null);

  let body;
  if (helps.isPending) body = <Spinner aria-label={t('loading')} />;
  else if (helps.isError) body = <ErrorCard title={t('loadError')} error={helps.error} onRetry={() => void helps.refetch()} />;
  else if (!helps.data.length) body = <EmptyState icon="video" title={t('empty')} description={t('emptyHint')} />;
  else
    body = (
      <div className="hp-grid" data-testid="helps-grid">
        {helps.data.map((help) => (
          <Card key={help.id} className="hp-card" interactive onClick={() => setPlaying(help)} data-testid="help-card" aria-label={t('open', { title: help.title })} role="button" tabIndex={0} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setPlaying(help)}>
            <img className="hp-thumb" src={thumbnailUrl(help.video)} alt={t('thumbnail', { title: help.title })} loading="lazy" />
            <H5 className="hp-title">{help.title}</H5>
            {help.description && <p className="hp-description">{help.description}</p>}
          </Card>
        ))}
      </div>
    );

  return (
    <div className="cx-page" data-testid="helps-page">
      <PageHeader title={t('title')} count={helps.data?.length} />
      <div className="hp-scroll">{body}</div>
      <Dialog isOpen={playing !== null} onClose={() => setPlaying(null)} title={playing?.title} icon="video" className="hp-dialog" canEscapeKeyClose>
        <DialogBody>
          {playing && (
            <div className="hp-video" data-testid="help-video">
              <iframe src={embedUrl(playing.video)} title={playing.title} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
            </div>
          )}
        </DialogBody>
      </Dialog>
    </div>
  );
}
