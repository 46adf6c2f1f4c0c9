import type { TodoLocale } from './pt.js';

export const en: TodoLocale = {
  title: 'Tasks',
  placeholder: 'New task',
  add: 'Add',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  done: 'Done',
  empty: 'No tasks. They are kept in this browser only.',
  created: 'Created {{date}}',
  updated: 'Updated {{date}}',
};
