import { runChannelConformance } from '@guiche/core/testing';
import { MessengerPeer } from '@guiche/meta-graph/testing';
import { createInstagramChannel } from '../src/plugin.js';

runChannelConformance({ channel: createInstagramChannel(), peer: new MessengerPeer('instagram') });
