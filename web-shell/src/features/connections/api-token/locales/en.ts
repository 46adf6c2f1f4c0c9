import type { ApiTokenLocale } from './pt.js';

export const en: ApiTokenLocale = {
  title: 'API token',
  help: 'Use this token as "Authorization: Bearer <token>" to send messages through this connection with the messages API. Do not publish it.',
  reveal: 'Show',
  hide: 'Hide',
  copy: 'Copy',
  copied: 'Token copied.',
  regenerate: 'Generate a new token',
  regenerateTitle: 'Generate a new API token',
  regenerateMessage: 'The current token stops working at once: the systems that use it will need the new one. Continue?',
  regenerated: 'New token generated. The previous one no longer works.',
};
