import { i18n, translationsReady } from '@guiche/web-sdk';
import { registerShellTranslations, SHELL_NS } from '../locales/index.js';

/**
 * The offline state (issue #29): a bar over whatever page is open — the light login, the shell, or
 * the shell's cached copy the service worker served — drawn with the DOM alone, since it shows on
 * pages where React has not started and must not wait for the network.
 */

export const OFFLINE_STATE_ID = 'guiche-offline-state';

const BAR_STYLE = [
  'position:fixed',
  'top:0',
  'left:0',
  'right:0',
  'z-index:100000',
  'display:flex',
  'align-items:center',
  'gap:12px',
  'flex-wrap:wrap',
  'padding:10px 16px',
  'background:#fbb360',
  'color:#1c2127',
  'font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif',
  'box-shadow:0 1px 3px rgba(0,0,0,.25)',
].join(';');
const BUTTON_STYLE = 'margin-left:auto;padding:4px 12px;border:1px solid #1c2127;border-radius:3px;background:transparent;color:inherit;font:inherit;cursor:pointer';

let stringsAsked: Promise<unknown> | null = null;

function t(key: string): string {
  return i18n.t(`offline.${key}`, { ns: SHELL_NS });
}

function draw(): void {
  let bar = document.getElementById(OFFLINE_STATE_ID);
  if (navigator.onLine) {
    bar?.remove();
    return;
  }
  if (!bar) {
    bar = document.createElement('div');
    bar.id = OFFLINE_STATE_ID;
    bar.dataset.testid = 'offline-state';
    bar.setAttribute('role', 'status');
    bar.setAttribute('style', BAR_STYLE);
    document.body.appendChild(bar);
  }
  const title = document.createElement('strong');
  title.textContent = t('title');
  const body = document.createElement('span');
  body.textContent = t('body');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = t('retry');
  retry.setAttribute('style', BUTTON_STYLE);
  retry.addEventListener('click', () => window.location.reload());
  bar.replaceChildren(title, body, retry);
}

/**
 * Shows the bar while the browser is offline and removes it when the connection returns. A page
 * that started offline reloads then: its session and remotes could not be asked for, and the
 * reload asks for them (and gets the deployed shell).
 */
export function watchConnectivity(): void {
  const startedOffline = !navigator.onLine;
  registerShellTranslations();
  // The strings come from the shell's locale chunk, which the service worker keeps: offline too.
  stringsAsked ??= translationsReady([SHELL_NS]).catch(() => undefined);
  const redraw = () => void stringsAsked?.then(draw);
  i18n.on('languageChanged', redraw);
  window.addEventListener('offline', redraw);
  window.addEventListener('online', () => {
    if (startedOffline) window.location.reload();
    else redraw();
  });
  redraw();
}
