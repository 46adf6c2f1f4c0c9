import { runChannelConformance } from '@guiche/core/testing';
import { MessengerPeer } from '@guiche/meta-graph/testing';
import { createFacebookChannel } from '../src/plugin.js';

runChannelConformance({ channel: createFacebookChannel(), peer: new MessengerPeer('facebook') });
