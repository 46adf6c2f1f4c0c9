import type { ApiTokenLocale } from './pt.js';

export const tr: ApiTokenLocale = {
  title: 'API belirteci',
  help: 'Bu bağlantı üzerinden mesaj API’siyle mesaj göndermek için bu belirteci "Authorization: Bearer <token>" olarak kullanın. Paylaşmayın.',
  reveal: 'Göster',
  hide: 'Gizle',
  copy: 'Kopyala',
  copied: 'Belirteç kopyalandı.',
  regenerate: 'Yeni belirteç oluştur',
  regenerateTitle: 'Yeni API belirteci oluştur',
  regenerateMessage: 'Mevcut belirteç hemen çalışmayı durdurur: onu kullanan sistemlerin yenisine ihtiyacı olacak. Devam edilsin mi?',
  regenerated: 'Yeni belirteç oluşturuldu. Öncekisi artık çalışmıyor.',
};
