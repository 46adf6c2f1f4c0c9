import { createContext, useContext } from 'react';
import type { AuthResponse, SessionUser } from '@guiche/contracts';

export interface SessionValue {
  /** null while nobody is logged in (and while `loading`). */
  user: SessionUser | null;
  planFlags: Record<string, boolean>;
  /** True until the session stored in this browser has been checked with the server. */
  loading: boolean;
  subscriptionExpired: boolean;
  /** POST /auth/login; stores the session and returns the server's answer (throws on failure). */
  login(email: string, password: string): Promise<AuthResponse>;
  /** DELETE /auth/logout, then clears the stored session. */
  logout(): Promise<void>;
  /** GET /auth/me: reloads the user and the plan flags. */
  refresh(): Promise<void>;
  setUser(user: SessionUser): void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
