import { useSession } from '@guiche/web-sdk';
import { UserDialog } from '../features/users/components/UserDialog.js';

/**
 * The user's own profile (top bar avatar → Perfil): the users page's dialog on their own record.
 * A plain user gets its non-admin form (name, e-mail, password, farewell message, theme, menu,
 * picture); an admin gets every field. Saving reloads the session, so theme and menu follow.
 */
export function ProfileDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { user } = useSession();
  if (!user) return null;
  return <UserDialog isOpen={isOpen} userId={user.id} ownProfile onClose={onClose} />;
}
