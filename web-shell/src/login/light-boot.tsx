// The first page of a visitor who has not signed in (issue #28): React, the shell's CSS and the
// login strings of one language, none of the libraries the rest of the shell shares with the web
// modules (Blueprint's components, the router, i18next, react-query, Formik, zod, the sdk). Those
// load once the person submits: the whole shell then replaces this page and shows the outcome.
import '@blueprintjs/core/lib/css/blueprint.css';
import '../styles.css';
import { createRoot } from 'react-dom/client';
import { StorageKeys } from '@guiche/web-sdk/storage';
import type { AuthResponse } from '@guiche/contracts';
import { handOver, keepLightRoot, type HandedError } from './handover.js';
import { LightLogin } from './LightLogin.js';
import { loginStrings, storedLanguage } from './light-strings.js';
import { SHELL_PREFETCH_MARK } from './first-page.js';

/** The whole shell's code: fetched while this page is idle, or at the submit, whichever comes first. */
function shellModule() {
  return import('../shell.js');
}

/** The whole shell, which replaces this page (it releases the light root before rendering). */
function loadShell(): Promise<unknown> {
  return shellModule().then((shell) => shell.startShell());
}

/**
 * Once the form is drawn and the page idle, the shell's code downloads (it draws nothing until
 * loadShell), so a sign-in waits only for its own requests. The mark tells what the page needed
 * before that (bench/p3-ticket-scroll.mjs counts the login page alone up to it). Not on a
 * connection that asks to save data: there the shell loads at the submit, as before.
 */
function prefetchShellWhenIdle(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => {
    performance.mark(SHELL_PREFETCH_MARK);
    // A failure here is not the visitor's: the submit imports the shell again and handles it.
    shellModule().catch(() => undefined);
  });
}

/** What the shell's session keeps after a login (the sdk's storeSession). */
function storeSession(data: AuthResponse): void {
  localStorage.setItem(StorageKeys.token, data.token);
  localStorage.setItem(StorageKeys.companyId, String(data.user.companyId));
  localStorage.setItem(StorageKeys.userId, String(data.user.id));
}

async function submit(email: string, password: string): Promise<void> {
  const values = { email, password };
  if (!email.trim() || !password) {
    // Nothing to send: the shell's form shows which field needs what.
    handOver({ kind: 'retry', values, error: null });
    await loadShell();
    return;
  }
  let error: HandedError;
  try {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: email.trim(), password }),
    });
    const data: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const auth = data as AuthResponse;
      storeSession(auth);
      // Where the shell's LoginPage goes after a login; the shell shows its toasts there.
      window.history.replaceState(null, '', auth.subscriptionExpired ? '/financeiro-aberto' : '/tickets');
      handOver({ kind: 'signed-in', data: auth });
      await loadShell();
      return;
    }
    error = { isAxiosError: true, response: { status: response.status, data } };
    // A field the server refused: the shell's form validates it and shows the field's message.
    if ((data as { error?: unknown } | null)?.error === 'ERR_VALIDATION') {
      handOver({ kind: 'retry', values, error: null });
      await loadShell();
      return;
    }
  } catch {
    error = { isAxiosError: true };
  }
  handOver({ kind: 'retry', values, error });
  await loadShell();
}

// Private routes lead a visitor to /login: say so in the address bar, as the shell's guard does.
if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');

void loginStrings(storedLanguage(localStorage)).then(
  (strings) => {
    const root = createRoot(document.getElementById('root')!);
    keepLightRoot(root);
    root.render(<LightLogin strings={strings} onSubmit={submit} />);
    prefetchShellWhenIdle();
  },
  // Without its strings the light page has nothing to show: the whole shell handles that case.
  () => void loadShell(),
);
