import { Classes, PopoverNext, type PopoverNextProps } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export type MenuPopoverProps = Omit<
  PopoverNextProps,
  'isOpen' | 'defaultIsOpen' | 'onInteraction' | 'interactionKind' | 'canEscapeKeyClose' | 'enforceFocus' | 'shouldReturnFocusOnClose' | 'popoverRef'
>;

/** The overlay of the drop-down (its focus traps included) holds `node`. */
function overlayHolds(popover: HTMLElement | null, node: Node | null): boolean {
  return !!node && !!popover?.closest(`.${Classes.OVERLAY}`)?.contains(node);
}

/**
 * A button's drop-down (a menu of actions, a small panel), opened by a click, that gives the
 * focus back to its button the moment it closes — and only when the focus is still its own.
 *
 * Blueprint's PopoverNext returns the focus itself (shouldReturnFocusOnClose, forced on when
 * Escape closes it), but only when its closing transition has ended: 300 ms later, much more on a
 * busy machine, and whatever the user did meanwhile. A click in a field in that window loses the
 * focus to the button (a multi-select then closes its list under the pointer), and Enter typed
 * there presses the button (the menu opens again). Here the focus goes back in the same task as
 * the close, before any later input can land, and not at all when the user has put it elsewhere.
 */
export function MenuPopover(props: MenuPopoverProps) {
  const [isOpen, setOpen] = useState(false);
  const openRef = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const popover = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    if (!openRef.current) return;
    openRef.current = false;
    const active = document.activeElement;
    const focusIsOurs = !active || active === document.body || overlayHolds(popover.current, active);
    setOpen(false);
    if (focusIsOurs && opener.current?.isConnected) opener.current.focus({ preventScroll: true });
  }, []);

  const onInteraction = (next: boolean) => {
    if (!next) return close();
    if (openRef.current) return;
    openRef.current = true;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setOpen(true);
  };

  // Escape from inside the drop-down or on its button closes it (Blueprint's own Escape handling
  // would bring back the late focus return).
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Node ? event.target : null;
      if (!overlayHolds(popover.current, target) && target !== opener.current) return;
      event.preventDefault();
      event.stopPropagation();
      close();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [isOpen, close]);

  return (
    <PopoverNext
      {...props}
      isOpen={isOpen}
      onInteraction={onInteraction}
      interactionKind="click"
      canEscapeKeyClose={false}
      enforceFocus={false}
      shouldReturnFocusOnClose={false}
      popoverRef={popover}
    />
  );
}
