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
    pageSlaBreaches: 'Page the on-call person when a ticket breaches its SLA',
    pageSlaBreachesHelp: 'Besides waiting tickets, sends an alert to this phone when a ticket passes its first-response or resolution target, within the on-call hours.',
  },
  remove: {
    title: 'Delete on-call person',
    confirm: 'Do you really want to delete this on-call person?',
    done: 'On-call duty removed successfully',
  },
  weekdays: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  slaTag: 'SLA',
  lastError: 'Last alert not sent: {{reason}}',
  template: {
    explain: "The alerts' connection uses the official WhatsApp API (Cloud API): Meta accepts free text only up to 24 hours after the on-call person's last message. Outside that window the alert goes as this approved template.",
    none: 'Choose a template',
    required: 'Choose a template: Meta refuses free text outside the 24-hour window.',
    fields: "Variables may use the alert's data: {{fields}}",
  },
  range: '{{day}}: {{start}} to {{end}}',
};
