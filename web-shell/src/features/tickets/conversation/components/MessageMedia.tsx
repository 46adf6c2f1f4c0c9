import { Icon } from '@blueprintjs/core';
import type { MessageRecord } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { callOf, contactCardOf, dataOf, locationOf, mapUrl, mediaSrc } from '../lib/messages.js';
import { NS } from '../i18n/register.js';
import { isVCardFile, type ContactCard } from '../lib/vcard.js';
import { AudioPlayer } from './AudioPlayer.js';
import { AudioTranscript } from './AudioTranscript.js';
import { ContactCardView } from './ContactCardView.js';
import { DocumentFile } from './DocumentFile.js';
import { VCardFileCard } from './VCardFileCard.js';

interface Props {
  message: MessageRecord;
  onOpenImage(message: MessageRecord): void;
  onStartTicket(card: ContactCard): void;
}

function fileNameOf(message: MessageRecord): string {
  const data = dataOf(message);
  const fromData = typeof data.fileName === 'string' ? data.fileName : undefined;
  return message.mediaName || fromData || message.mediaUrl?.split('/').pop() || message.body || '';
}

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The media part of a message, by mediaType (inbox.md §3 Message). Returns null for plain text. */
export function MessageMedia({ message, onOpenImage, onStartTicket }: Props) {
  const { t } = useTranslation(NS);
  const src = mediaSrc(message.mediaUrl);

  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      if (!src) return null;
      return (
        <button type="button" className="cv-media__image-button" onClick={() => onOpenImage(message)} aria-label={t('media.openImage')}>
          <img className={message.mediaType === 'sticker' ? 'cv-media__sticker' : 'cv-media__image'} src={src} alt={message.body || t('media.image')} loading="lazy" />
        </button>
      );
    case 'audio':
      return src ? (
        <div>
          <AudioPlayer src={src} />
          <AudioTranscript message={message} />
        </div>
      ) : null;
    case 'video':
      return src ? <video className="cv-media__video" src={src} controls preload="metadata" aria-label={t('media.video')} /> : null;
    case 'application':
    case 'document': {
      const name = fileNameOf(message);
      if (src && isVCardFile(message, dataOf(message))) return <VCardFileCard src={src} fileName={name} onStartTicket={onStartTicket} />;
      return <DocumentFile src={src} name={name} />;
    }
    case 'locationMessage': {
      const location = locationOf(message);
      if (!location) return <span className="cv-media__muted">{t('media.locationUnknown')}</span>;
      return (
        <a className="cv-media__location" href={mapUrl(location.lat, location.lng)} target="_blank" rel="noreferrer" data-testid="message-location">
          <Icon icon="map-marker" />
          <span>{location.name ?? t('media.location')}</span>
          <span className="cv-media__muted">{`${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`}</span>
        </a>
      );
    }
    case 'contactMessage':
      return <ContactCardView card={contactCardOf(message)} onStartTicket={onStartTicket} />;
    case 'call_log': {
      const call = callOf(message);
      return (
        <div className={`cv-media__call${call.missed ? ' cv-media__call--missed' : ''}`} data-testid="message-call">
          <Icon icon={call.video ? 'mobile-video' : 'phone-call'} />
          <span>{call.missed ? t('media.callMissed') : message.fromMe ? t('media.callOutgoing') : t('media.callIncoming')}</span>
          {call.durationSeconds !== null && <span className="cv-media__muted">{formatDuration(call.durationSeconds)}</span>}
        </div>
      );
    }
    default:
      return null;
  }
}

/** Whether the body is shown as text under the media (captions) or replaced by the media itself. */
export function bodyIsCaption(message: MessageRecord): boolean {
  switch (message.mediaType) {
    case 'contactMessage':
    case 'locationMessage':
    case 'call_log':
    case 'audio':
    case 'sticker':
      return false;
    case 'application':
    case 'document':
      return Boolean(message.body) && message.body !== message.mediaName;
    default:
      return true;
  }
}
