import type { MomentsLocale } from './pt.js';

export const tr: MomentsLocale = {
  title: 'Canlı talepler',
  pending: 'Bekleyenler',
  noQueue: 'Kuyruksuz',
  queues: 'Kuyruklar',
  noResults: 'Kuyruk yok',
  count_one: '{{count}} talep',
  count_other: '{{count}} talep',
  more: 've {{count}} tane daha',
  empty: 'Son 30 günde devam eden talep yok',
  error: 'Talep bilgileri alınırken hata oluştu',
  loading: 'Talepler yükleniyor...',
  open: '{{name}} talebini aç',
  online: 'Çevrimiçi',
  offline: 'Çevrimdışı',
};
