// The ports' interfaces are part of the plugin SDK (a leaf); this path keeps its old importers working.
export type * from '../plugin-sdk/ports.js';
