import { useRef, useState } from 'react';
import { isFocusUnclaimed } from './useFocusReturn.js';

type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Where a dialog leaves the focus after a save that takes the user somewhere else (the chat or the
 * ticket just created): there, not back on the button that opened the dialog. Call
 * `leaveTo(target)` before closing: the focus is not given back, and when the closing transition
 * ends it goes to `target()` unless the user has put it somewhere already. A dialog closed any
 * other way (cancel, Escape) gives the focus back as the SDK's Dialog does (useFocusReturn).
 */
export function useFocusAfterSave() {
  const [returnFocus, setReturnFocus] = useState(true);
  const target = useRef<FocusTarget | null>(null);
  return {
    /** Spread on the SDK's Dialog; a dialog with an onOpening of its own calls this one too. */
    dialogProps: {
      shouldReturnFocusOnClose: returnFocus,
      onOpening: () => {
        setReturnFocus(true);
        target.current = null;
      },
      onClosed: (dialog: HTMLElement) => {
        const next = target.current?.();
        target.current = null;
        if (next && isFocusUnclaimed(dialog)) next.focus();
      },
    },
    leaveTo(next?: FocusTarget) {
      target.current = next ?? null;
      setReturnFocus(false);
    },
  };
}
