import { useCallback, useRef } from 'react';

interface OverlayFocusProps {
  isOpen?: boolean;
  shouldReturnFocusOnClose?: boolean;
  onClosed?: (node: HTMLElement) => void;
}

/** Nobody has taken the focus from a closing overlay: it is still inside it, or dropped to the page. */
export function isFocusUnclaimed(overlay: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || overlay.contains(active);
}

/**
 * Blueprint's overlays give the focus back to their opener when the closing transition *ends* —
 * 300 ms after the close, far more on a loaded machine — whatever the user did meanwhile: someone who
 * closed a dialog and went on typing in a search box or a message box had the focus pulled back to
 * the button that opened it, their next keys lost and an Enter pressing that button. These props
 * turn Blueprint's return off and give the focus back at the same moment only when nobody has taken
 * it: it is still inside the overlay, or dropped to the page.
 */
export function useFocusReturn(props: OverlayFocusProps) {
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  // Taken while rendering the opening: by the commit a child's autoFocus has already moved the focus.
  if (props.isOpen && !wasOpen.current) opener.current = document.activeElement;
  wasOpen.current = !!props.isOpen;
  // The exiting transition calls the callback of the last render that showed the overlay: read the
  // props of the latest one (a save may have said "do not give it back" in the same update as the close).
  const latest = useRef(props);
  latest.current = props;
  const onClosed = useCallback((node: HTMLElement) => {
    const { shouldReturnFocusOnClose = true, onClosed: then } = latest.current;
    const back = opener.current;
    opener.current = null;
    if (shouldReturnFocusOnClose && isFocusUnclaimed(node) && back instanceof HTMLElement && back.isConnected) back.focus();
    then?.(node);
  }, []);
  return { shouldReturnFocusOnClose: false, onClosed };
}
