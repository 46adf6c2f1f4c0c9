import type { QuickMessagesLocale } from './pt.js';

export const tr: QuickMessagesLocale = {
  title: 'Hızlı yanıtlar',
  search: 'Ara...',
  searchLabel: 'Hızlı yanıtlarda ara',
  actions: {
    add: 'Ekle',
    edit: 'Düzenle',
    delete: 'Sil',
    cancel: 'İptal',
    save: 'Kaydet',
  },
  table: {
    label: 'Hızlı yanıt listesi',
    shortcode: 'Kısayol',
    type: 'Tür',
    media: 'Medya adı',
    actions: 'İşlemler',
    geral: 'Genel',
    rowActions: '{{name}} kısayolu işlemleri',
  },
  types: {
    text: 'Metin',
    media: 'Medya',
    category: 'Kategori',
  },
  list: {
    loading: 'Hızlı yanıtlar yükleniyor...',
    loadingMore: 'Daha fazla hızlı yanıt yükleniyor...',
    error: 'Hızlı yanıtlar yüklenemedi.',
    empty: 'Henüz hızlı yanıt yok',
    emptyHint: 'Sohbette "/" ile kullanmak için kısayollar oluşturun.',
    emptyFiltered: 'Aramayla eşleşen hızlı yanıt yok',
  },
  dialog: {
    newTitle: 'Hızlı yanıt ekle',
    editTitle: 'Hızlı yanıtı düzenle',
    shortcode: 'Kısayol',
    shortcodeHint: 'Bu yanıtı kullanmak için sohbette "/" ve kısayolu yazın.',
    message: 'Mesaj',
    messageHint: 'Kullanılabilir değişkenler:',
    media: 'Ek',
    noMedia: 'Ekli dosya yok',
    chooseMedia: 'Seç',
    removeMedia: 'Eki kaldır',
    geral: 'Genel (tüm kullanıcılar görebilir)',
    saved: 'Hızlı yanıt başarıyla kaydedildi.',
  },
  remove: {
    title: '/{{name}} kısayolu silinsin mi?',
    message: 'Bu hızlı yanıtı gerçekten silmek istiyor musunuz? Bu işlem geri alınamaz.',
    done: 'Hızlı yanıt başarıyla silindi.',
  },
  validation: {
    required: 'Zorunlu',
    tooLong: 'Metin çok uzun',
  },
};
