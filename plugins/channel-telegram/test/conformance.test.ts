import { runChannelConformance } from '@guiche/core/testing';
import { createTelegramChannel } from '../src/plugin.js';
import { TelegramPeer } from './support.js';

// Webhook mode: updates arrive signed with the bot's secret token (the kit checks the refusals).
runChannelConformance({ channel: createTelegramChannel(), peer: new TelegramPeer('webhook') });
