import type { MetaLocale } from './pt.js';

export const tr: MetaLocale = {
  cloud: {
    title: 'WhatsApp Cloud API (Meta)',
    saveFirst: 'Meta bilgilerini girmek için önce bağlantıyı kaydedin.',
    phoneNumberId: 'Telefon numarası kimliği',
    wabaId: 'WhatsApp Business hesap kimliği (WABA)',
    accessToken: 'Erişim belirteci',
    appSecret: 'Uygulama gizli anahtarı',
    verifyToken: 'Webhook doğrulama belirteci',
    secretKept: 'Kayıtlı ({{masked}}). Korumak için boş bırakın.',
    webhookUrl: 'Webhook URL’si (Meta uygulamasına yapıştırın)',
    copy: 'Kopyala',
    copied: 'Kopyalandı!',
    save: 'Meta bilgilerini kaydet',
    saved: 'Meta bilgileri kaydedildi. Numara kontrol ediliyor...',
    lastError: 'Son hata: {{error}}',
    templates: {
      title: 'Mesaj şablonları',
      loading: 'Şablonlar yükleniyor…',
      error: 'Bu bağlantının şablonları okunamadı.',
      summary_one: '{{count}} şablon kayıtlı ({{approved}} onaylı).',
      summary_other: '{{count}} şablon kayıtlı ({{approved}} onaylı).',
      syncedAt: "Meta'dan okunma: {{at}}.",
      never: "Henüz Meta'dan okunmadı.",
      sync: 'Şimdi eşitle',
      syncing: 'Eşitleniyor…',
      synced_one: 'Şablonlar eşitlendi: {{count}} ({{approved}} onaylı).',
      synced_other: 'Şablonlar eşitlendi: {{count}} ({{approved}} onaylı).',
    },
  },
  login: {
    starting: 'Facebook girişi açılıyor...',
    cancelled: 'Facebook girişi iptal edildi.',
    notConfigured: 'Meta uygulaması bu sunucuda yapılandırılmamış.',
    done: 'Oluşturulan veya güncellenen bağlantılar: {{count}}',
  },
};
