import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, ButtonGroup, DialogBody, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { MessageRecord } from '@guiche/contracts';
import { Dialog, formatDateTime, useTranslation } from '@guiche/web-sdk';
import { conversationKeys, fetchImages } from '../api.js';
import { ZOOM_MAX, ZOOM_MIN, clampZoom, pinchZoom, zoomIn, zoomOut } from '../lib/gallery.js';
import { mediaSrc } from '../lib/messages.js';
import { NS } from '../i18n/register.js';

interface Props {
  ticketId: number;
  /** The image clicked; null closes the viewer. */
  start: MessageRecord | null;
  onClose(): void;
}

function distance(touches: React.TouchList): number {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/** The ticket's images (GET /messages/listimages/:ticketId) with zoom (step 0.2, pinch 1–3) and arrows. */
export function ImageGallery({ ticketId, start, onClose }: Props) {
  const { t } = useTranslation(NS);
  const images = useQuery({ queryKey: conversationKeys.images(ticketId), queryFn: () => fetchImages(ticketId), enabled: Boolean(start) });
  const list = useMemo(() => {
    const fetched = [...(images.data?.images ?? [])].sort((a, b) => a.id - b.id);
    if (start && !fetched.some((m) => m.id === start.id)) fetched.push(start);
    return fetched.sort((a, b) => a.id - b.id);
  }, [images.data, start]);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(1);
  const pinch = useRef<{ zoom: number; distance: number } | null>(null);

  useEffect(() => {
    if (!start) return;
    setIndex(Math.max(0, list.findIndex((m) => m.id === start.id)));
    setZoom(1);
    // The start image decides the position only when the viewer opens or the list arrives.
  }, [start, list.length]);

  const current = list[index];
  // Until the ticket's images arrive the clicked one is shown alone: no position ('1 de 1' would be wrong), no arrows.
  const listed = !images.isLoading;
  const go = (delta: number) => {
    setIndex((i) => Math.min(list.length - 1, Math.max(0, i + delta)));
    setZoom(1);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=') setZoom(zoomIn);
    else if (event.key === '-') setZoom(zoomOut);
  };

  return (
    <Dialog isOpen={Boolean(start)} onClose={onClose} title={t('gallery.title')} icon="media" className="cv-gallery" style={{ width: 'min(960px, 96vw)' }}>
      <DialogBody className="cv-gallery__body" onKeyDown={onKeyDown}>
        <div className="cv-gallery__toolbar">
          <ButtonGroup>
            <Button icon="chevron-left" aria-label={t('gallery.previous')} disabled={!listed || index <= 0} onClick={() => go(-1)} />
            <Button icon="chevron-right" aria-label={t('gallery.next')} disabled={!listed || index >= list.length - 1} onClick={() => go(1)} />
          </ButtonGroup>
          <span className="cv-gallery__position" aria-live="polite">
            {listed && list.length ? t('gallery.position', { index: index + 1, count: list.length }) : ''}
            {current ? ` · ${formatDateTime(current.createdAt)}` : ''}
          </span>
          <ButtonGroup>
            <Button icon="zoom-out" aria-label={t('gallery.zoomOut')} disabled={zoom <= ZOOM_MIN} onClick={() => setZoom(zoomOut)} data-testid="gallery-zoom-out" />
            <Button text={`${Math.round(zoom * 100)}%`} onClick={() => setZoom(1)} aria-label={t('gallery.zoomReset')} data-testid="gallery-zoom" />
            <Button icon="zoom-in" aria-label={t('gallery.zoomIn')} disabled={zoom >= ZOOM_MAX} onClick={() => setZoom(zoomIn)} data-testid="gallery-zoom-in" />
          </ButtonGroup>
        </div>
        <div
          className="cv-gallery__stage"
          onTouchStart={(e) => {
            if (e.touches.length === 2) pinch.current = { zoom, distance: distance(e.touches) };
          }}
          onTouchMove={(e) => {
            if (e.touches.length === 2 && pinch.current) setZoom(pinchZoom(pinch.current.zoom, pinch.current.distance, distance(e.touches)));
          }}
          onTouchEnd={() => {
            pinch.current = null;
          }}
          onWheel={(e) => {
            if (e.ctrlKey) setZoom((z) => clampZoom(e.deltaY < 0 ? zoomIn(z) : zoomOut(z)));
          }}
        >
          {images.isLoading && !current ? (
            <Spinner />
          ) : current ? (
            <img src={mediaSrc(current.mediaUrl) ?? ''} alt={current.body || t('media.image')} style={{ transform: `scale(${zoom})` }} className="cv-gallery__image" data-testid="gallery-image" />
          ) : null}
        </div>
        {current?.body && <p className="cv-gallery__caption">{current.body}</p>}
      </DialogBody>
    </Dialog>
  );
}
