import type { ShellFeature } from './feature.js';

/** Every core area the shell renders; each lives in its own folder under features/. */
export const shellFeatures: ShellFeature[] = [];
