import { AnchorButton, Icon } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

/** A file message: its name and a download link. */
export function DocumentFile({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation(NS);
  return (
    <div className="cv-media__document" data-testid="message-document">
      <Icon icon="document" size={20} />
      <span className="cv-media__document-name" title={name}>
        {name || t('media.document')}
      </span>
      {src && <AnchorButton icon="download" variant="minimal" href={src} download={name || true} target="_blank" rel="noreferrer" aria-label={t('media.download')} title={t('media.download')} />}
    </div>
  );
}
