import { Menu, MenuItem, Spinner } from '@blueprintjs/core';
import type { QuickMessage } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { QUICK_REPLY_PREVIEW, truncate } from '../lib/messages.js';
import { NS } from '../i18n/register.js';

interface Props {
  replies: QuickMessage[];
  loading: boolean;
  active: number;
  onChoose(reply: QuickMessage): void;
}

/** The '/' suggestions above the input: shortcode and the text cut at 35 characters. */
export function QuickReplies({ replies, loading, active, onChoose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <div className="cv-quick" role="listbox" aria-label={t('quick.label')} data-testid="quick-replies">
      {loading ? (
        <Spinner size={20} />
      ) : replies.length === 0 ? (
        <div className="cv-quick__empty">{t('quick.empty')}</div>
      ) : (
        <Menu>
          {replies.map((reply, i) => (
            <MenuItem
              key={reply.id}
              role="option"
              aria-selected={i === active}
              active={i === active}
              icon={reply.isMedia || reply.mediaPath ? 'paperclip' : 'comment'}
              text={
                <span>
                  <strong>{`/${reply.shortcode}`}</strong> <span className="cv-quick__preview">{truncate(reply.message || reply.mediaName || '', QUICK_REPLY_PREVIEW)}</span>
                </span>
              }
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onChoose(reply)}
            />
          ))}
        </Menu>
      )}
    </div>
  );
}
