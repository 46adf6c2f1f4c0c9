import { useRef, useState } from 'react';

type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Where a dialog leaves the focus after a save that takes the user somewhere else (the chat or the
 * ticket just created). Blueprint gives the focus back to the dialog's opener when the closing
 * transition ends — 300 ms after the close, far more on a loaded machine — and by then the user
 * may be typing in the new conversation: the late jump pulls the focus out of the box and their
 * Enter presses the opener. Call `leaveTo(target)` before closing: the focus is not given back,
 * and when the transition ends it goes to `target()` unless the user has put it somewhere already.
 * A dialog closed any other way (cancel, Escape) gives the focus back as usual.
 */
export function useFocusAfterSave() {
  const [returnFocus, setReturnFocus] = useState(true);
  const target = useRef<FocusTarget | null>(null);
  return {
    /** Spread on the Blueprint Dialog; a dialog with an onOpening of its own calls this one too. */
    dialogProps: {
      shouldReturnFocusOnClose: returnFocus,
      onOpening: () => {
        setReturnFocus(true);
        target.current = null;
      },
      onClosed: (dialog: HTMLElement) => {
        const next = target.current?.();
        target.current = null;
        const active = document.activeElement;
        const unclaimed = !active || active === document.body || dialog.contains(active);
        if (next && unclaimed) next.focus();
      },
    },
    leaveTo(next?: FocusTarget) {
      target.current = next ?? null;
      setReturnFocus(false);
    },
  };
}
