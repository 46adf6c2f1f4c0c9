import { useSession } from '@guiche/web-sdk';

/** The logged-in user; this module only renders inside the shell's private routes. */
export function useMe(): { id: number; companyId: number; name: string } | null {
  const { user } = useSession();
  return user ? { id: user.id, companyId: user.companyId, name: user.name } : null;
}
