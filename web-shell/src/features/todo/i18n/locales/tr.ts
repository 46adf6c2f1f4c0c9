import type { TodoLocale } from './pt.js';

export const tr: TodoLocale = {
  title: 'Görevler',
  placeholder: 'Yeni görev',
  add: 'Ekle',
  save: 'Kaydet',
  cancel: 'İptal',
  edit: 'Düzenle',
  delete: 'Sil',
  done: 'Tamamlandı',
  empty: 'Görev yok. Yalnızca bu tarayıcıda saklanır.',
  created: 'Oluşturuldu: {{date}}',
  updated: 'Güncellendi: {{date}}',
};
