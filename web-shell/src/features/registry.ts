import type { ShellFeature } from './feature.js';
import { ticketsFeature } from './tickets/index.js';
import { contactsFeature } from './contacts/index.js';
import { tagsFeature } from './tags/index.js';
import { quickMessagesFeature } from './quick-messages/index.js';
import { connectionsFeature } from './connections/index.js';
import { usersFeature } from './users/index.js';
import { queuesFeature } from './queues/index.js';

/** Every core area the shell renders; each lives in its own folder under features/. */
export const shellFeatures: ShellFeature[] = [
  ticketsFeature,
  contactsFeature,
  tagsFeature,
  quickMessagesFeature,
  connectionsFeature,
  usersFeature,
  queuesFeature,
];
