// build-aliases.ts points this name at react-router's ESM entry (a name the federation does not share).
declare module '@guiche/react-router-package' {
  export * from 'react-router';
}
