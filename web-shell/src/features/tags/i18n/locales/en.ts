import type { TagsLocale } from './pt.js';

export const en: TagsLocale = {
  title: 'Tags',
  search: 'Search...',
  searchLabel: 'Search tags',
  actions: {
    add: 'Add tag',
    edit: 'Edit',
    delete: 'Delete',
    cancel: 'Cancel',
    save: 'Save',
  },
  table: {
    label: 'Tag list',
    name: 'Name',
    contacts: 'Contacts',
    actions: 'Actions',
    kanban: 'Kanban',
    rowActions: 'Actions for tag {{name}}',
  },
  list: {
    loading: 'Loading tags...',
    loadingMore: 'Loading more tags...',
    error: 'The tags could not be loaded.',
    empty: 'No tags yet',
    emptyHint: 'Create tags to organise contacts and tickets.',
    emptyFiltered: 'No tag matches the search',
  },
  dialog: {
    newTitle: 'Add tag',
    editTitle: 'Edit tag',
    name: 'Name',
    color: 'Colour',
    palette: 'Suggested colours',
    customColor: 'Choose another colour',
    preview: 'Preview',
    previewName: 'Tag name',
    kanban: 'Use as a Kanban column',
    saved: 'Tag saved successfully.',
  },
  remove: {
    title: 'Delete the tag {{name}}?',
    message: 'The tag will be removed from every contact and ticket. Do you really want to delete it?',
    done: 'Tag deleted successfully.',
  },
  validation: {
    required: 'Required',
    tooShort: 'Message too short',
    tooLong: 'Message too long',
    color: 'Enter a colour as #RRGGBB.',
  },
};
