// What the global setup hands every test file (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
export {};
