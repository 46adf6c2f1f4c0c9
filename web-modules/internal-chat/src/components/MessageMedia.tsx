import { AnchorButton } from '@blueprintjs/core';
import type { ChatMessage } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { mediaUrl } from '../lib/media-url';

/** The attachment of a message, shown as its media type allows. */
export function MessageMedia({ message }: { message: ChatMessage & { mediaPath: string } }) {
  const { t } = useTranslation(NS);
  const url = mediaUrl(message.mediaPath);
  const name = message.mediaName || message.mediaPath.split('/').pop() || t('media.file');
  switch (message.mediaType) {
    case 'image':
      return (
        <a href={url} target="_blank" rel="noreferrer" className="ic-media ic-media--image">
          <img src={url} alt={t('media.image', { name: message.sender.name })} loading="lazy" />
        </a>
      );
    case 'audio':
      return <audio className="ic-media ic-media--audio" src={url} controls preload="metadata" />;
    case 'video':
      return <video className="ic-media ic-media--video" src={url} controls preload="metadata" />;
    default:
      return (
        <AnchorButton
          className="ic-media ic-media--file"
          href={url}
          download={name}
          target="_blank"
          icon="document"
          variant="outlined"
          text={name}
          aria-label={t('media.download', { name })}
        />
      );
  }
}
