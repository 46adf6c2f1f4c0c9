import type { TelegramLocale } from './pt.js';

export const en: TelegramLocale = {
  title: 'Telegram',
  saveFirst: "Save the connection to enter the bot's token.",
  token: 'Bot token',
  tokenHelp: 'Create the bot with @BotFather on Telegram and paste the token it gives you here.',
  tokenKept: 'Stored ({{masked}}). Paste another one to change bots.',
  save: 'Save token',
  saved: 'Bot @{{username}} connected.',
  bot: 'Bot: @{{username}}',
  modeWebhook: 'receives through the webhook',
  modePolling: 'receives by polling (no public https URL)',
  lastError: 'Last error: {{error}}',
};
