import type { WebchatLocale } from './pt.js';

export const tr: WebchatLocale = {
  title: 'Web sitesi',
  saveFirst: 'Web sitesi sohbet kodunu almak için önce bağlantıyı kaydedin.',
  loading: 'Yükleniyor…',
  snippet: 'Siteye yapıştırılacak kod (</body> öncesine)',
  copy: 'Kopyala',
  copied: 'Kopyalandı!',
  preview: 'Önizlemeyi aç',
  widgetTitle: 'Sohbet başlığı',
  widgetTitleHint: 'Boş: bağlantının adı.',
  color: 'Renk',
  position: 'Konum',
  positions: { right: 'Sağ', left: 'Sol' },
  lang: 'Dil',
  langs: { auto: 'Ziyaretçinin tarayıcı dili', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
  origins: 'İzin verilen siteler',
  originsHint: 'Her satıra bir tane, ör. https://www.ornek.com. Boş: her site sohbeti kullanabilir.',
  save: 'Siteyi kaydet',
  saved: 'Site ayarları kaydedildi.',
};
