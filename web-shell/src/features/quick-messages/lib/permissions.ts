import type { QuickMessage, SessionUser } from '@guiche/contracts';

type Viewer = Pick<SessionUser, 'id' | 'profile' | 'super'>;

/**
 * outreach-config.md §6: admins (and supervisors) edit or delete any quick message and set the
 * general flag; a plain user only their own non-general ones. This product has no supervisor
 * profile yet (profiles are admin and user), so "admin" here is profile admin or the super user,
 * exactly as the server decides.
 */
export function managesAllQuickMessages(user: Viewer | null | undefined): boolean {
  return !!user && (user.profile === 'admin' || user.super);
}

export function mayChangeQuickMessage(user: Viewer | null | undefined, record: Pick<QuickMessage, 'userId' | 'geral'>): boolean {
  if (!user) return false;
  return managesAllQuickMessages(user) || (record.userId === user.id && !record.geral);
}

/** The type column: a category row, a message with an attachment, or plain text. */
export function quickMessageType(record: Pick<QuickMessage, 'isCategory' | 'isMedia' | 'mediaPath'>): 'category' | 'media' | 'text' {
  if (record.isCategory) return 'category';
  return record.isMedia || record.mediaPath ? 'media' : 'text';
}
