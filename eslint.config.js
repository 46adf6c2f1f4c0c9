// Lint rules that keep the architecture's one-way dependencies (ARCHITECTURE.md §1):
// plugins import only @guiche/core and @guiche/contracts (never another plugin or core internals),
// web-modules import only @guiche/web-sdk and @guiche/contracts (never server packages).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const serverPackages = ['@guiche/core', '@guiche/core/*', '@guiche/migrations', '@guiche/plugin-*', 'fastify', 'knex', 'pg', 'ioredis', 'bullmq'];

// Blueprint's overlays hand the focus back to their opener late, over whatever the user focused since:
// web code opens the SDK's Dialog and Drawer, which give it back only when nobody took it.
const blueprintOverlays = { name: '@blueprintjs/core', importNames: ['Dialog', 'Drawer'], message: "Use Dialog and Drawer from @guiche/web-sdk (they keep the focus the user moved while the overlay closed)." };
const webPatterns = [
  { group: serverPackages, message: 'Web code imports only @guiche/web-sdk and @guiche/contracts.' },
  { group: ['**/core/src/**', '**/plugins/**', '../../web-shell/**', '../sdk/src/**', '../../web-modules/*/src/**'], message: 'No package imports another package\'s src/ by a relative path.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'web-shell/test/**/*.config.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@guiche/plugin-*'], message: 'Plugins talk to each other only through bus events and core services.' },
            { group: ['@guiche/core/src/*', '@guiche/core/dist/*', '**/core/src/*', '**/core/src/**', '../../core/**'], message: 'Import only the public entry @guiche/core.' },
            { group: ['@guiche/migrations', '@guiche/web-sdk', '@guiche/web-*'], message: 'A plugin imports only @guiche/core and @guiche/contracts.' },
            { group: ['**/plugins/*/src/**', '../../plugins/**'], message: 'No package imports another package\'s src/ by a relative path.' },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/**/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@guiche/plugin-*'], message: 'Plugins do not import each other.' }, { group: ['**/core/src/**'], message: 'Use @guiche/core/testing.' }] },
      ],
    },
  },
  {
    files: ['web-modules/**/*.{ts,tsx}', 'web-shell/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [blueprintOverlays], patterns: webPatterns }],
    },
  },
  {
    files: ['web-modules/!(sdk)/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [blueprintOverlays],
          patterns: [
            { group: serverPackages, message: 'Web modules import only @guiche/web-sdk and @guiche/contracts.' },
            { group: ['@guiche/web-shell', '@guiche/web-shell/*', '@guiche/web-internal-*', '**/web-shell/**'], message: 'A web module never imports the shell or another module.' },
            { group: ['**/core/src/**', '**/plugins/**', '../sdk/**', '../../web-modules/**'], message: 'No package imports another package\'s src/ by a relative path.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web-modules/sdk/src/ui/Dialog.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: webPatterns }] },
  },
);
