// rsbuild needs an entry; the shell never loads it. The module is consumed through
// mf-manifest.json → remoteEntry.js → './module' (see rsbuild.config.ts).
export {};
