import type { ChannelDefinition } from '@guiche/core';
import { defineMessengerChannel } from '@guiche/meta-graph';

export const INSTAGRAM_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  markRead: false,
  react: false,
  edit: false,
  delete: false,
  checkNumber: false,
  groups: false,
  presence: false,
  // Meta's Send API takes 300 calls/s per page (10/s with audio or video): a few in flight, each to another person.
  parallelSends: 8,
};

/**
 * Instagram Direct channel: accounts are linked through Facebook Login (POST /facebook with
 * addInstagram, served by channel-facebook, whose meta_pages table this channel reads).
 */
export function createInstagramChannel() {
  return defineMessengerChannel({ kind: 'instagram', planFlag: 'useInstagram', capabilities: INSTAGRAM_CAPABILITIES });
}

export default createInstagramChannel();
