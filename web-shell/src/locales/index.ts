import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './pt.js';
import { en } from './en.js';
import { es } from './es.js';
import { tr } from './tr.js';

export const SHELL_NS = 'shell';
export const shellLocales = { pt, en, es, tr };

export function registerShellTranslations(): void {
  registerTranslations(SHELL_NS, shellLocales);
}
