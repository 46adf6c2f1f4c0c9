import type { WalletsLocale } from './pt.js';

export const tr: WalletsLocale = {
  title: 'Portföyler',
  loading: 'Portföyler yükleniyor...',
  error: 'Portföyler yüklenemedi.',
  empty: 'Hiçbir kişi bir portföyde değil',
  emptyHint: 'Bir yönetici sorumlu temsilciyi kişide, kişi listesinde toplu olarak veya tabloda (Portföy sütunu) seçer.',
  owners: 'Portföyü olan temsilciler',
  agent: 'Temsilci',
  email: 'E-posta',
  contacts: 'Kişiler',
  show: '{{name}} kişilerini göster',
  contactsOf: '{{name}} kişileri',
  contactsLoading: 'Kişiler yükleniyor...',
  contactsError: 'Kişiler yüklenemedi.',
  contactsEmpty: 'Bu portföyde kişi yok.',
  name: 'Ad',
  number: 'Numara',
  birthday: 'Doğum günü',
  more: 'Daha fazla yükle',
  pick: 'Portföydeki kişileri görmek için bir temsilci seçin.',
};
