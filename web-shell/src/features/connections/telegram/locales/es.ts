import type { TelegramLocale } from './pt.js';

export const es: TelegramLocale = {
  title: 'Telegram',
  saveFirst: 'Guarda la conexión para indicar el token del bot.',
  token: 'Token del bot',
  tokenHelp: 'Crea el bot con @BotFather en Telegram y pega aquí el token que te dé.',
  tokenKept: 'Guardado ({{masked}}). Pega otro para cambiar de bot.',
  save: 'Guardar token',
  saved: 'Bot @{{username}} conectado.',
  bot: 'Bot: @{{username}}',
  modeWebhook: 'recibe por el webhook',
  modePolling: 'recibe por consulta (sin URL pública https)',
  lastError: 'Último error: {{error}}',
};
