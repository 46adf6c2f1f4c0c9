// Module federation needs an async boundary before any shared module is used: this entry only
// chooses which page to import. A visitor without a session gets the light login first (issue #28);
// everyone else, and the login after sign-in, the whole shell.
import { opensWithLightLogin } from './login/first-page.js';
import { startOfflineSupportLater } from './sw/after-first-screen.js';

/** The page's localStorage; null where reading it throws (storage blocked by a privacy setting). */
function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

if (opensWithLightLogin(window.location.pathname, pageStorage())) void import('./login/light-boot.js');
else void import('./bootstrap.js');
// The service worker and the offline state (issue #29), once the first screen is drawn.
startOfflineSupportLater();
