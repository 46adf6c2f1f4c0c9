import type { TagsLocale } from './pt.js';

export const tr: TagsLocale = {
  title: 'Etiketler',
  search: 'Ara...',
  searchLabel: 'Etiketlerde ara',
  actions: {
    add: 'Etiket ekle',
    edit: 'Düzenle',
    delete: 'Sil',
    cancel: 'İptal',
    save: 'Kaydet',
  },
  table: {
    label: 'Etiket listesi',
    name: 'Ad',
    contacts: 'Kişiler',
    actions: 'İşlemler',
    kanban: 'Kanban',
    rowActions: '{{name}} etiketi işlemleri',
  },
  list: {
    loading: 'Etiketler yükleniyor...',
    loadingMore: 'Daha fazla etiket yükleniyor...',
    error: 'Etiketler yüklenemedi.',
    empty: 'Henüz etiket yok',
    emptyHint: 'Kişileri ve talepleri düzenlemek için etiketler oluşturun.',
    emptyFiltered: 'Aramayla eşleşen etiket yok',
  },
  dialog: {
    newTitle: 'Etiket ekle',
    editTitle: 'Etiketi düzenle',
    name: 'Ad',
    color: 'Renk',
    palette: 'Önerilen renkler',
    customColor: 'Başka bir renk seç',
    preview: 'Önizleme',
    previewName: 'Etiket adı',
    kanban: 'Kanban sütunu olarak kullan',
    saved: 'Etiket başarıyla kaydedildi.',
  },
  remove: {
    title: '{{name}} etiketi silinsin mi?',
    message: 'Etiket tüm kişilerden ve taleplerden kaldırılacak. Gerçekten silmek istiyor musunuz?',
    done: 'Etiket başarıyla silindi.',
  },
  validation: {
    required: 'Zorunlu',
    tooShort: 'Mesaj çok kısa',
    tooLong: 'Mesaj çok uzun',
    color: 'Rengi #RRGGBB biçiminde girin.',
  },
};
