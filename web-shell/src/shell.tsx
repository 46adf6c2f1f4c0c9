// First: no module may parse with zod before it is told not to probe for eval.
import './zod-without-eval.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, loadOnlyUsedIcons, SessionProvider, translationsReady } from '@guiche/web-sdk';
import { App } from './App.js';
import { releaseLightRoot } from './login/handover.js';
import { SignedInHandover } from './login/SignedInHandover.js';
import { registerShellTranslations, SHELL_NS } from './locales/index.js';
import { WebModulesProvider } from './modules/WebModulesProvider.js';

function render(queryClient: QueryClient) {
  // The light login (issue #28), when this page started with it, stays until the shell replaces it.
  releaseLightRoot();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SessionProvider>
              <WebModulesProvider>
                <SignedInHandover />
                <App />
              </WebModulesProvider>
            </SessionProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

let started = false;

/**
 * Draws the whole shell (once). Importing this module draws nothing: the light login imports it while
 * idle, so the shell's code is already there when the person signs in (issue #28).
 */
export function startShell(): void {
  if (started) return;
  started = true;
  registerShellTranslations();
  loadOnlyUsedIcons();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const draw = () => render(queryClient);
  // The active language's strings arrive before the first render, so no screen shows a raw key
  // (a failed download still renders: keys beat a blank page).
  void translationsReady([SHELL_NS]).then(draw, draw);
}
