import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isAxiosError } from 'axios';
import { useNavigate } from 'react-router';
import type { AuthResponse, SessionUser } from '@guiche/contracts';
import { api } from '../api.js';
import { clearSession, getToken, storeSession } from '../storage.js';
import { onSessionEnded, setNavigate } from '../navigation.js';
import { changeLanguage, isSupportedLanguage } from '../i18n/index.js';
import { SessionContext, type SessionValue } from './context.js';
import { SocketProvider } from '../realtime/SocketProvider.js';

interface State {
  user: SessionUser | null;
  planFlags: Record<string, boolean>;
  subscriptionExpired: boolean;
  loading: boolean;
}

/** How long a session check that got no answer waits before asking again (unless the browser comes back online first). */
const RECHECK_MS = 15_000;

const signedOut: State = { user: null, planFlags: {}, subscriptionExpired: false, loading: false };

function stateOf(data: AuthResponse): State {
  return { user: data.user, planFlags: data.planFlags ?? {}, subscriptionExpired: data.subscriptionExpired, loading: false };
}

function applyUserLanguage(user: SessionUser): void {
  if (isSupportedLanguage(user.language)) void changeLanguage(user.language);
}

/** Holds who is logged in; must sit inside the router (it registers navigation for the api client). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => ({ ...signedOut, loading: getToken() !== null }));

  useEffect(() => {
    setNavigate((to) => navigate(to));
    return () => setNavigate(null);
  }, [navigate]);

  useEffect(() => onSessionEnded(() => setState(signedOut)), []);

  const accept = useCallback((data: AuthResponse) => {
    storeSession(data.token, data.user.companyId, data.user.id);
    applyUserLanguage(data.user);
    setState(stateOf(data));
  }, []);

  const refresh = useCallback(async () => {
    const { data } = await api.get<AuthResponse>('/auth/me');
    accept(data);
  }, [accept]);

  // A token left by an earlier visit: check it once (the api client refreshes it if needed). Only
  // the server's refusal (401/403) ends the session: with no answer at all (offline, the shell opened
  // from the service worker's copy, issue #29) or no verdict (a proxy's 502/503 while the server
  // restarts behind it) the token stays and is checked again when the browser is back online or
  // RECHECK_MS later, the page still loading meanwhile.
  useEffect(() => {
    if (!getToken()) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
      if (!disposed) check();
    };
    const check = () => {
      refresh().catch((error: unknown) => {
        if (disposed) return;
        const status = isAxiosError(error) ? error.response?.status : undefined;
        if (status === 401 || status === 403) {
          clearSession();
          setState(signedOut);
          return;
        }
        window.addEventListener('online', again);
        timer = setTimeout(again, RECHECK_MS);
      });
    };
    check();
    return () => {
      disposed = true;
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [refresh]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { data } = await api.post<AuthResponse>('/auth/login', { email, password });
      accept(data);
      return data;
    },
    [accept],
  );

  const logout = useCallback(async () => {
    try {
      await api.delete('/auth/logout');
    } catch {
      // Leaving locally matters more than telling the server.
    }
    clearSession();
    setState(signedOut);
  }, []);

  const setUser = useCallback((user: SessionUser) => setState((s) => ({ ...s, user })), []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, login, logout, refresh, setUser }),
    [state, login, logout, refresh, setUser],
  );

  return (
    <SessionContext.Provider value={value}>
      <SocketProvider userId={state.user?.id ?? null}>{children}</SocketProvider>
    </SessionContext.Provider>
  );
}
