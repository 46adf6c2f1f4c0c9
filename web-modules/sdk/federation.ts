/**
 * The module-federation `shared` map of the shell and of every web module (build time only:
 * imported by their rsbuild.config.ts as '@guiche/web-sdk/federation').
 *
 * Libraries that hold React context or page-wide state must exist once per page, the shell's:
 * every one is a singleton, with the same ranges in the host and the remotes, so the host's copy
 * always satisfies a remote.
 */
const singleton = (requiredVersion: string | false = false) => ({ singleton: true, requiredVersion, eager: false });

export const sharedSingletons = {
  react: singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-router': singleton('^7.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
  '@blueprintjs/core': singleton('^6.0.0'),
  i18next: singleton('^26.0.0'),
  'react-i18next': singleton('^17.0.0'),
  '@guiche/web-sdk': singleton(),
};
