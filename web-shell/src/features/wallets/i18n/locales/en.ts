import type { WalletsLocale } from './pt.js';

export const en: WalletsLocale = {
  title: 'Wallets',
  loading: 'Loading the wallets...',
  error: 'The wallets could not be loaded.',
  empty: 'No contact is in a wallet',
  emptyHint: 'An admin picks the owner agent on the contact, in bulk on the contacts list or in the spreadsheet (Wallet column).',
  owners: 'Agents with a wallet',
  agent: 'Agent',
  email: 'E-mail',
  contacts: 'Contacts',
  show: "Show {{name}}'s contacts",
  contactsOf: "{{name}}'s contacts",
  contactsLoading: 'Loading the contacts...',
  contactsError: 'The contacts could not be loaded.',
  contactsEmpty: 'No contact in this wallet.',
  name: 'Name',
  number: 'Number',
  birthday: 'Birthday',
  more: 'Load more',
  pick: "Pick an agent to see their wallet's contacts.",
};
