import type { TelegramLocale } from './pt.js';

export const tr: TelegramLocale = {
  title: 'Telegram',
  saveFirst: "Botun token'ını girmek için bağlantıyı kaydedin.",
  token: 'Bot token',
  tokenHelp: "Botu Telegram'da @BotFather ile oluşturun ve verdiği token'ı buraya yapıştırın.",
  tokenKept: 'Kayıtlı ({{masked}}). Botu değiştirmek için başka bir token yapıştırın.',
  save: "Token'ı kaydet",
  saved: 'Bot @{{username}} bağlandı.',
  bot: 'Bot: @{{username}}',
  modeWebhook: 'webhook ile alır',
  modePolling: 'sorgulayarak alır (herkese açık https URL yok)',
  lastError: 'Son hata: {{error}}',
};
