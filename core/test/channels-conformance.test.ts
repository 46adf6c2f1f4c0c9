import { runChannelConformance } from '@guiche/core/testing';
import { FakeWorld, fakeChannel, fakePeer } from './channels-fake-channel.js';

/** The kit proven on the in-test fake channel (no webhook: that check is skipped), in both runtime modes. */
const world = new FakeWorld();
runChannelConformance({ channel: fakeChannel(world), peer: fakePeer(world) });

const embeddedWorld = new FakeWorld();
runChannelConformance({ channel: fakeChannel(embeddedWorld), peer: fakePeer(embeddedWorld), kernel: { embedded: true } });
