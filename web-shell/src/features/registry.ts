import type { ShellFeature } from './feature.js';
import { ticketsFeature } from './tickets/index.js';
import { contactsFeature } from './contacts/index.js';
import { tagsFeature } from './tags/index.js';
import { closingReasonsFeature } from './closing-reasons/index.js';
import { slaFeature } from './sla/index.js';
import { quickMessagesFeature } from './quick-messages/index.js';
import { connectionsFeature } from './connections/index.js';
import { usersFeature } from './users/index.js';
import { queuesFeature } from './queues/index.js';
import { onCallFeature } from './on-call/index.js';
import { todoFeature } from './todo/index.js';
import { dashboardFeature } from './dashboard/index.js';
import { momentsFeature } from './moments/index.js';
import { reportsFeature } from './reports/index.js';
import { filesFeature } from './files/index.js';
import { settingsFeature } from './settings/index.js';
import { companiesFeature } from './companies/index.js';
import { helpsFeature } from './helps/index.js';
import { announcementsFeature } from './announcements/index.js';
import { billingFeature } from './billing/index.js';
import { auditFeature } from './audit/index.js';
import { walletsFeature } from './wallets/index.js';

/** Every core area the shell renders; each lives in its own folder under features/. */
export const shellFeatures: ShellFeature[] = [
  ticketsFeature,
  contactsFeature,
  tagsFeature,
  quickMessagesFeature,
  connectionsFeature,
  usersFeature,
  queuesFeature,
  onCallFeature,
  todoFeature,
  dashboardFeature,
  momentsFeature,
  reportsFeature,
  filesFeature,
  settingsFeature,
  companiesFeature,
  helpsFeature,
  announcementsFeature,
  billingFeature,
  closingReasonsFeature,
  slaFeature,
  auditFeature,
  walletsFeature,
];
