import type { HelpsLocale } from './pt.js';

export const en: HelpsLocale = {
  title: 'Help',
  loading: 'Loading help...',
  loadError: 'Could not load the list of records',
  empty: 'No help videos yet',
  emptyHint: 'Videos added by the platform will show here.',
  open: 'Watch: {{title}}',
  thumbnail: 'Thumbnail of the video {{title}}',
  settings: {
    title: 'Title',
    video: 'Video code',
    videoHint: 'The YouTube code or link.',
    description: 'Description',
    actions: 'Actions',
    add: 'Add',
    update: 'Update',
    cancel: 'Cancel',
    edit: 'Edit',
    delete: 'Delete',
    tableLabel: 'Help list',
    rowActions: 'Actions for help {{title}}',
    titleRequired: 'Title is required',
    videoRequired: 'Video code is required',
    done: 'Operation completed successfully!',
    saveError: 'The operation could not be completed. Check whether a help entry with the same name already exists or whether the fields were filled in correctly',
  },
};
