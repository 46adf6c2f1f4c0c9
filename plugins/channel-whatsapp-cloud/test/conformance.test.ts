import { runChannelConformance } from '@guiche/core/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { CloudPeer } from './support.js';

runChannelConformance({ channel: createWhatsappCloudChannel(), peer: new CloudPeer() });
