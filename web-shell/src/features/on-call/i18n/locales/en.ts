import type { OnCallLocale } from './pt.js';

export const en: OnCallLocale = {
  title: 'On-call duty',
  add: 'Add on-call person',
  empty: 'No one on call yet.',
  table: { id: 'ID', user: 'On call', phone: 'Phone', schedules: 'Schedules', actions: 'Actions', edit: 'Edit', delete: 'Delete' },
  dialog: {
    newTitle: 'New on-call person',
    editTitle: 'Edit on-call person',
    user: 'User',
    chooseUser: 'Choose the user',
    phone: 'Phone',
    interval: 'Interval between notifications (minutes)',
    days: 'Days and times',
    start: 'Start',
    end: 'End',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'On-call person saved',
  },
  remove: {
    title: 'Delete on-call person',
    confirm: 'Do you really want to delete this on-call person?',
    done: 'On-call duty removed successfully',
  },
  weekdays: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  range: '{{day}}: {{start}} to {{end}}',
};
