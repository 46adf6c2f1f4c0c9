import { runChannelConformance } from '@guiche/core/testing';
import { createWhatsappChannel } from '../src/plugin.js';
import { FakeWhatsapp } from './fake-socket.js';
import { baileysPeer } from './baileys-peer.js';

/** The kit against the WhatsApp channel over a fake Baileys socket (real kernel, PostgreSQL, Redis). */
const wa = new FakeWhatsapp();
runChannelConformance({
  channel: createWhatsappChannel({ socketFactory: wa.factory, download: wa.download }),
  peer: baileysPeer(wa),
});
