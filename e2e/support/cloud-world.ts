import type { Browser } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel, type TestKernelOptions } from '@guiche/core/testing';
import { cloudConnection, FakeGraph, useFakeGraphEnv, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../plugins/channel-whatsapp-cloud/src/plugin.js';
import { closeBrowser, launchChromium, requireBuiltWeb, webRoot } from './browser.js';

/** A browser journey on a WhatsApp Cloud API connection: the fake Graph API, the kernel serving the web, a company, its connected number, chromium. */
export interface CloudWorld {
  fake: FakeGraph;
  kernel: TestKernel;
  company: TestCompany;
  cloud: CloudConnection;
  browser: Browser;
}

export interface CloudWorldOptions {
  /** Plugins besides the Cloud API channel. */
  plugins?: NonNullable<TestKernelOptions['plugins']>;
  planFlags?: Record<string, boolean>;
  config?: TestKernelOptions['config'];
  /** Built files the journey needs besides the shell (a remote's mf-manifest.json). */
  built?: string[];
}

export async function startCloudWorld(options: CloudWorldOptions = {}): Promise<CloudWorld> {
  requireBuiltWeb('web-shell/dist/index.html', ...(options.built ?? []));
  const fake = new FakeGraph();
  await fake.start();
  useFakeGraphEnv(fake);
  let kernel: TestKernel | undefined;
  try {
    kernel = await createTestKernel({ serveWeb: true, plugins: [createWhatsappCloudChannel(), ...(options.plugins ?? [])], config: { WEB_ROOT: webRoot, ...options.config } });
    const company = await kernel.createCompany({ planFlags: { useWhatsapp: true, ...options.planFlags } });
    const cloud = await cloudConnection(kernel, fake, company, { name: 'Oficial Meta' });
    const browser = await launchChromium();
    return { fake, kernel, company, cloud, browser };
  } catch (error) {
    await kernel?.close();
    await fake.stop();
    throw error;
  }
}

export async function stopCloudWorld(world: CloudWorld | undefined): Promise<void> {
  if (!world) return;
  await closeBrowser(world.browser);
  await world.kernel.close();
  await world.fake.stop();
}
