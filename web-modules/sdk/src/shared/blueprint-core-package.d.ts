// build-aliases.ts points this name at Blueprint core's ESM entry (a name the federation does not share).
declare module '@guiche/blueprint-core-package' {
  export * from '@blueprintjs/core';
}
