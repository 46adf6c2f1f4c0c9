import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, resolveDestination } from '@guiche/core';
import type { NodeOf } from '../machine.js';
import { interpolate } from '../interpolate.js';

/** The most of a response body read (a JSON answer to map into variables, not a download). */
const MAX_BODY_BYTES = 256 * 1024;
const DEFAULT_TIMEOUT_S = 10;

export interface HttpNodeConfig {
  /** WEBHOOKS_ALLOW_PRIVATE=1 (as for webhooks) lets the node reach private, loopback or link-local addresses. */
  allowPrivate: boolean;
}

export const httpConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): HttpNodeConfig => ({
  allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1' || env.WEBHOOKS_ALLOW_PRIVATE === 'true',
});

/** `a.b.0.c` of a JSON value; objects and arrays as JSON text, absent as undefined. */
export function pick(value: unknown, path: string): string | undefined {
  let at: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  if (at === undefined || at === null) return undefined;
  return typeof at === 'object' ? JSON.stringify(at) : String(at);
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  contentType: string;
}

/**
 * One request to a confined address (redirects not followed), the whole call (DNS included)
 * bounded by `timeoutMs` and the answer by `maxBytes`: null on a refused address, a timeout, a
 * network error or a body too large.
 */
export async function guardedRequest(
  input: { method: string; url: string; headers?: Record<string, string>; body?: string },
  options: HttpNodeConfig & { timeoutMs: number; maxBytes: number },
): Promise<HttpAnswer | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const target = await Promise.race([
      resolveDestination(input.url, options.allowPrivate),
      new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true })),
    ]);
    const headers: Record<string, string> = { 'user-agent': 'Guiche-Flow/1', ...input.headers };
    if (input.body !== undefined) headers['content-length'] = String(Buffer.byteLength(input.body));
    const client = target.url.protocol === 'https:' ? https : http;
    return await new Promise<HttpAnswer | null>((resolve) => {
      const request = client.request(target.url, { method: input.method, headers, lookup: pinnedLookup(target.address, target.family), signal: controller.signal }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) response.destroy();
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), contentType: String(response.headers['content-type'] ?? '') }));
        response.on('error', () => resolve(null));
        response.on('close', () => (response.complete ? undefined : resolve(null)));
      });
      request.on('error', () => resolve(null));
      request.end(input.body);
    });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The HTTP node's request with the run's variables filled in: what a durable call stores and sends (again, after a crash). */
export interface PreparedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutSeconds: number;
  responseMap: { path: string; variable: string }[];
}

/** The node's URL, headers and body with the run's variables in them. */
export function prepareHttpCall(node: NodeOf<'http'>, variables: Record<string, string>): PreparedCall {
  const { method = 'GET', url = '', headers = [], body, responseMap = [], timeoutSeconds = DEFAULT_TIMEOUT_S } = node.data;
  const payload = body && method !== 'GET' ? interpolate(body, variables) : undefined;
  const sent: Record<string, string> = { accept: 'application/json' };
  if (payload !== undefined) sent['content-type'] = 'application/json';
  for (const h of headers) if (h.name.trim()) sent[h.name.trim().toLowerCase()] = interpolate(h.value, variables);
  const map = responseMap.map((m) => ({ path: m.path.trim(), variable: m.variable.trim() })).filter((m) => m.path && m.variable);
  return { method, url: interpolate(url.trim(), variables), headers: sent, body: payload, timeoutSeconds, responseMap: map };
}

/**
 * The call: the values its response map names (missing paths: empty), or null on a refused
 * address, a timeout, a non-2xx status or an answer that is not JSON while the map names paths
 * (the node's error branch).
 */
export async function performHttpCall(call: PreparedCall, config: HttpNodeConfig): Promise<Record<string, string> | null> {
  const answer = await guardedRequest({ method: call.method, url: call.url, headers: call.headers, body: call.body }, { ...config, timeoutMs: call.timeoutSeconds * 1000, maxBytes: MAX_BODY_BYTES });
  if (!answer || answer.status < 200 || answer.status >= 300) return null;
  if (!call.responseMap.length) return {};
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return null;
  }
  return Object.fromEntries(call.responseMap.map((m) => [m.variable, pick(json, m.path) ?? '']));
}

/** The HTTP node's request at once (prepare, then perform). */
export const runHttpNode = (node: NodeOf<'http'>, variables: Record<string, string>, config: HttpNodeConfig) => performHttpCall(prepareHttpCall(node, variables), config);
