import type { ComponentType } from 'react';

/** A core area of the inbox rendered by the shell itself (not a plan module remote). */
export interface ShellFeature {
  id: string;
  /** Menu paths (from menu/menu-items.ts) this feature's pages serve. */
  menuPaths: string[];
  routes: { path: string; Component: ComponentType }[];
  /** Optional top-bar widgets (e.g. the tickets notifications popover). */
  topBar?: ComponentType[];
}
