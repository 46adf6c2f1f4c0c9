/**
 * The api client lives outside React, yet must send the user to /login or / .
 * The SessionProvider (inside the router) registers react-router's navigate here; before
 * that, a full page load does the job. Module scope is safe: the sdk is a federation singleton
 * and there is one router per page.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigate(fn: Navigate | null): void {
  navigateImpl = fn ?? ((to) => window.location.assign(to));
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Called by the api client when the server says the session is gone (401 / failed refresh). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function notifySessionEnded(): void {
  for (const listener of sessionEndedListeners) listener();
}
