export { createTestKernel, type TestKernel, type TestKernelOptions, type TestCompany, type TestUser } from './test-kernel.js';
export { waitFor, expectNoEvent, nextEvent } from './wait.js';
