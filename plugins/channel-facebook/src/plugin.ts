import type { ChannelDefinition } from '@guiche/core';
import { defineMessengerChannel } from '@guiche/meta-graph';
import { registerLoginRoutes } from './login.js';

export const FACEBOOK_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  markRead: true,
  react: false,
  edit: false,
  delete: false,
  checkNumber: false,
  groups: false,
  presence: false,
  // Meta's Send API takes 300 calls/s per page (10/s with audio or video): a few in flight, each to another person.
  parallelSends: 8,
};

/** Facebook Messenger channel, with the Facebook Login routes that also link Instagram accounts. */
export function createFacebookChannel() {
  return defineMessengerChannel({ kind: 'facebook', planFlag: 'useFacebook', capabilities: FACEBOOK_CAPABILITIES, migrations: 'migrations', registerMore: registerLoginRoutes });
}

export default createFacebookChannel();
