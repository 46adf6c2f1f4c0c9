import { expect } from 'vitest';
import type { TestKernel } from '@guiche/core/testing';

/** A real API call a test's set-up relies on: anything but 2xx fails with the answer in the message. */
export async function apiOk(kernel: TestKernel, method: string, apiPath: string, token: string, body?: unknown) {
  const res = await kernel.api(method, apiPath, { token, body });
  expect(res.status, `${method} ${apiPath}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
