import type { OnCallLocale } from './pt.js';

export const tr: OnCallLocale = {
  title: 'Nöbet',
  add: 'Nöbetçi ekle',
  empty: 'Henüz nöbetçi yok.',
  table: { id: 'ID', user: 'Nöbetçi', phone: 'Telefon', schedules: 'Saatler', actions: 'İşlemler', edit: 'Düzenle', delete: 'Sil' },
  dialog: {
    newTitle: 'Yeni nöbetçi',
    editTitle: 'Nöbetçiyi düzenle',
    user: 'Kullanıcı',
    chooseUser: 'Kullanıcıyı seçin',
    phone: 'Telefon',
    interval: 'Bildirimler arası süre (dakika)',
    days: 'Günler ve saatler',
    start: 'Başlangıç',
    end: 'Bitiş',
    save: 'Kaydet',
    cancel: 'İptal',
    saved: 'Nöbetçi kaydedildi',
    pageSlaBreaches: 'Bir talep SLA süresini aştığında nöbetçiyi uyar',
    pageSlaBreachesHelp: 'Bekleyen taleplerin yanı sıra, bir talep ilk yanıt veya çözüm süresini aştığında nöbet saatleri içinde bu telefona uyarı gönderir.',
  },
  remove: {
    title: 'Nöbetçiyi sil',
    confirm: 'Bu nöbetçiyi gerçekten silmek istiyor musunuz?',
    done: 'Nöbet başarıyla kaldırıldı',
  },
  weekdays: { monday: 'Pazartesi', tuesday: 'Salı', wednesday: 'Çarşamba', thursday: 'Perşembe', friday: 'Cuma', saturday: 'Cumartesi', sunday: 'Pazar' },
  slaTag: 'SLA',
  lastError: 'Son uyarı gönderilemedi: {{reason}}',
  template: {
    explain: 'Uyarıların bağlantısı resmi WhatsApp API’sini (Cloud API) kullanıyor: Meta serbest metni yalnızca nöbetçinin son mesajından sonraki 24 saat içinde kabul eder. Bu pencerenin dışında uyarı bu onaylı şablonla gider.',
    none: 'Bir şablon seçin',
    required: 'Bir şablon seçin: Meta 24 saatlik pencerenin dışında serbest metni reddeder.',
    fields: 'Değişkenler uyarının verilerini kullanabilir: {{fields}}',
  },
  range: '{{day}}: {{start}} - {{end}}',
};
