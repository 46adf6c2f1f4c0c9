export { FakeGraph, type FakeCall, type FakeMedia, type FakePage, type FakePhoneNumber, type FakeTemplate } from './fake-graph.js';
export * from './payloads.js';
export { MessengerPeer, newFakePage, useFakeGraphEnv, randomDigits } from './messenger-peer.js';
export { cloudConnection, newCloudNumber, type CloudConnection, type CloudNumber } from './cloud-connection.js';
export { addShippedTemplate, SHIPPED_TEMPLATE } from './extras-template.js';
