import type { Shape } from '../../../../locales/shape.js';

/** Strings of the Telegram part of the connection dialog. */
export const pt = {
  title: 'Telegram',
  saveFirst: 'Salve a conexão para informar o token do bot.',
  token: 'Token do bot',
  tokenHelp: 'Crie o bot com o @BotFather no Telegram e cole aqui o token que ele der.',
  tokenKept: 'Guardado ({{masked}}). Cole outro para trocar de bot.',
  save: 'Salvar token',
  saved: 'Bot @{{username}} conectado.',
  bot: 'Bot: @{{username}}',
  modeWebhook: 'recebe pelo webhook',
  modePolling: 'recebe por consulta (sem URL pública https)',
  lastError: 'Último erro: {{error}}',
};

export type TelegramLocale = Shape<typeof pt>;
