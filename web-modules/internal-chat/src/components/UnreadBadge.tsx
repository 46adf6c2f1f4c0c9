import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';

/** My unread count as a small round tag; nothing when there is nothing unread. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation(NS);
  if (count <= 0) return null;
  return (
    <Tag round intent={Intent.SUCCESS} className={className} aria-label={t('list.unread', { count })} data-testid="chat-unread">
      {count}
    </Tag>
  );
}
