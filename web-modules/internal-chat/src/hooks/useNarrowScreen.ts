import { useSyncExternalStore } from 'react';

/** Below this width the page shows the two tabs Chats / Mensagens instead of two columns. */
export const NARROW_MAX_WIDTH_PX = 599;
const QUERY = `(max-width: ${NARROW_MAX_WIDTH_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
