export { createTestKernel, type TestKernel, type TestKernelOptions, type TestCompany, type TestUser } from './test-kernel.js';
export { waitFor, expectNoEvent, nextEvent } from './wait.js';
export { runChannelConformance, type ConformancePeer, type ConformanceContext, type ConformanceConnection, type ConformanceInbound, type ConformanceOutbound, type ConformanceOperation, type ConformanceOptions } from './conformance.js';
