import type { MomentsLocale } from './pt.js';

export const en: MomentsLocale = {
  title: 'Live tickets',
  pending: 'Pending',
  noQueue: 'No queue',
  queues: 'Queues',
  noResults: 'No queue',
  count_one: '{{count}} ticket',
  count_other: '{{count}} tickets',
  more: 'and {{count}} more',
  empty: 'No active tickets in the last 30 days',
  error: 'Error fetching ticket information',
  loading: 'Loading tickets...',
  open: 'Open the ticket of {{name}}',
  online: 'Online',
  offline: 'Offline',
};
