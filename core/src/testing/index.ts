export { createTestKernel, type TestKernel, type TestKernelOptions, type TestCompany, type TestUser } from './test-kernel.js';
export { waitFor, expectNoEvent, nextEvent } from './wait.js';
export { runChannelConformance, type ConformancePeer, type ConformanceContext, type ConformanceConnection, type ConformanceInbound, type ConformanceOutbound, type ConformanceOperation, type ConformanceOptions } from './conformance.js';
export { startChildKernel, type ChildKernel, type ChildKernelOptions } from './child-kernel.js';
export { startFakeServer, type FakeServer, type FakeRequest, type FakeReply, type FakeRoute } from './fake-server.js';
export { startFakeAsaas, type FakeAsaas, type FakeAsaasOptions, type FakeAsaasPayment, type WebhookDelivery } from './fake-asaas.js';
export { startS3Server, type TestS3Server } from './s3-server.js';
export { storageFolder } from './storage-folder.js';
export { startWebhookReceiver, verifyGuicheSignature, SIGNATURE_TOLERANCE_S, type WebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js';
