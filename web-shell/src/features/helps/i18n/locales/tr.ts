import type { HelpsLocale } from './pt.js';

export const tr: HelpsLocale = {
  title: 'Yardım',
  loading: 'Yardımlar yükleniyor...',
  loadError: 'Kayıt listesi yüklenemedi',
  empty: 'Henüz yardım videosu yok',
  emptyHint: 'Platformun eklediği videolar burada görünecek.',
  open: 'İzle: {{title}}',
  thumbnail: '{{title}} videosunun küçük resmi',
  settings: {
    title: 'Başlık',
    video: 'Video kodu',
    videoHint: 'YouTube kodu veya bağlantısı.',
    description: 'Açıklama',
    actions: 'İşlemler',
    add: 'Ekle',
    update: 'Güncelle',
    cancel: 'İptal',
    edit: 'Düzenle',
    delete: 'Sil',
    tableLabel: 'Yardım listesi',
    rowActions: '{{title}} yardımının işlemleri',
    titleRequired: 'Başlık zorunludur',
    videoRequired: 'Video kodu zorunludur',
    done: 'İşlem başarıyla tamamlandı!',
    saveError: 'İşlem tamamlanamadı. Aynı adda bir yardım olup olmadığını veya alanların doğru doldurulup doldurulmadığını kontrol edin',
  },
};
