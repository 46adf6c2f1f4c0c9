import { Dialog as BlueprintDialog, Drawer as BlueprintDrawer, type DialogProps, type DrawerProps } from '@blueprintjs/core';
import { useFocusReturn } from './useFocusReturn.js';

/** Blueprint's Dialog, giving the focus back to its opener only when nobody has taken it since (useFocusReturn). */
export function Dialog(props: DialogProps) {
  return <BlueprintDialog {...props} {...useFocusReturn(props)} />;
}

/** Blueprint's Drawer, giving the focus back like Dialog. */
export function Drawer(props: DrawerProps) {
  return <BlueprintDrawer {...props} {...useFocusReturn(props)} />;
}
