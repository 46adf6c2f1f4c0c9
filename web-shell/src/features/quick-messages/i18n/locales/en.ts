import type { QuickMessagesLocale } from './pt.js';

export const en: QuickMessagesLocale = {
  title: 'Quick messages',
  search: 'Search...',
  searchLabel: 'Search quick messages',
  actions: {
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    cancel: 'Cancel',
    save: 'Save',
  },
  table: {
    label: 'Quick message list',
    shortcode: 'Shortcode',
    type: 'Type',
    media: 'Media name',
    actions: 'Actions',
    geral: 'General',
    rowActions: 'Actions for shortcode {{name}}',
  },
  types: {
    text: 'Text',
    media: 'Media',
    category: 'Category',
  },
  list: {
    loading: 'Loading quick messages...',
    loadingMore: 'Loading more quick messages...',
    error: 'The quick messages could not be loaded.',
    empty: 'No quick messages yet',
    emptyHint: 'Create shortcuts to use with "/" in the conversation.',
    emptyFiltered: 'No quick message matches the search',
  },
  dialog: {
    newTitle: 'Add quick message',
    editTitle: 'Edit quick message',
    shortcode: 'Shortcode',
    shortcodeHint: 'Type "/" and the shortcode in the conversation to use this message.',
    message: 'Message',
    messageHint: 'Available variables:',
    media: 'Attachment',
    noMedia: 'No file attached',
    chooseMedia: 'Browse',
    removeMedia: 'Remove attachment',
    geral: 'General (visible to every user)',
    saved: 'Quick message saved successfully.',
  },
  remove: {
    title: 'Delete the shortcode /{{name}}?',
    message: 'Do you really want to delete this quick message? This cannot be undone.',
    done: 'Quick message deleted successfully.',
  },
  validation: {
    required: 'Required',
    tooLong: 'Text too long',
  },
};
