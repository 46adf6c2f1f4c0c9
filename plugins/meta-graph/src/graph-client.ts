import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { retryPolicy } from '@guiche/core';
import { GraphError } from './errors.js';
import { clearStrikes, strike, waitGate } from './rate-gate.js';
import { GRAPH_TIMEOUT_MS, MAX_DOWNLOAD_BYTES, graphBaseUrl, graphUrl } from './version.js';

export interface GraphClientOptions {
  accessToken: string;
  /** Backoff key: one per connection (or page), so one busy number never slows another. */
  gateKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Rate-limited calls are tried again this many times before the error reaches the caller. */
  rateRetries?: number;
}

export interface Downloaded {
  data: Buffer;
  mimetype: string;
}

function retryAfterOf(error: AxiosError): number | null {
  const header = error.response?.headers?.['retry-after'];
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** Any axios failure as a GraphError with Meta's code when the body has one. */
export function toGraphError(error: unknown): GraphError {
  if (error instanceof GraphError) return error;
  const e = error as AxiosError<{ error?: { code?: number; error_subcode?: number; message?: string } }>;
  const status = e.response?.status ?? 0;
  let body = e.response?.data as unknown;
  if (Buffer.isBuffer(body)) {
    try {
      body = JSON.parse(body.toString('utf8'));
    } catch {
      body = undefined;
    }
  }
  const graph = (body as { error?: { code?: number; error_subcode?: number; message?: string } } | undefined)?.error;
  return new GraphError(status, graph?.code ?? null, graph?.error_subcode ?? null, graph?.message ?? e.message ?? 'request failed', e.response ? retryAfterOf(e) : null);
}

/** A Graph API client bound to one token: axios with timeouts, the version in one place, backoff on rate limits. */
export class GraphClient {
  private readonly http: AxiosInstance;
  private readonly base: string;
  /** Rate-limited calls again; the wait is the connection's gate (a strike per retry), not a backoff of its own. */
  private readonly rateRetry;

  constructor(private readonly options: GraphClientOptions) {
    this.base = options.baseUrl ?? graphBaseUrl();
    this.http = axios.create({ timeout: options.timeoutMs ?? GRAPH_TIMEOUT_MS, maxContentLength: MAX_DOWNLOAD_BYTES, maxBodyLength: MAX_DOWNLOAD_BYTES });
    this.rateRetry = retryPolicy({ retries: options.rateRetries ?? 4, backoffMs: 0, retryWhen: (e) => e instanceof GraphError && e.kind === 'rate' });
    this.rateRetry.onRetry((failure) => {
      if ('error' in failure) strike(options.gateKey, (failure.error as GraphError).retryAfterMs);
    });
  }

  private request<T>(config: AxiosRequestConfig): Promise<T> {
    return this.rateRetry.execute(async () => {
      await waitGate(this.options.gateKey);
      try {
        const res = await this.http.request<T>({ ...config, headers: { Authorization: `Bearer ${this.options.accessToken}`, ...config.headers } });
        clearStrikes(this.options.gateKey);
        return res.data;
      } catch (err) {
        throw toGraphError(err);
      }
    });
  }

  get<T>(path: string, params?: Record<string, string | number | undefined>): Promise<T> {
    return this.request<T>({ method: 'GET', url: graphUrl(path, this.base), params });
  }

  post<T>(path: string, body: unknown, params?: Record<string, string | number | undefined>): Promise<T> {
    return this.request<T>({ method: 'POST', url: graphUrl(path, this.base), data: body, params });
  }

  delete<T>(path: string, params?: Record<string, string | number | undefined>): Promise<T> {
    return this.request<T>({ method: 'DELETE', url: graphUrl(path, this.base), params });
  }

  /** multipart/form-data upload (WhatsApp Cloud media: "file"; Messenger attachments: "filedata"). */
  upload<T>(path: string, fields: Record<string, string>, file: { data: Buffer; mimetype: string; fileName: string }, fileField = 'file'): Promise<T> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(fileField, new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.fileName);
    return this.request<T>({ method: 'POST', url: graphUrl(path, this.base), data: form });
  }

  /** Downloads a URL Meta gave (with the token when the host asks for it, as WhatsApp's media host does). */
  async download(url: string, withToken = true): Promise<Downloaded> {
    await waitGate(this.options.gateKey);
    try {
      const res = await this.http.get<ArrayBuffer>(url, {
        responseType: 'arraybuffer',
        headers: withToken ? { Authorization: `Bearer ${this.options.accessToken}` } : {},
      });
      return { data: Buffer.from(res.data), mimetype: String(res.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim() };
    } catch (err) {
      const error = toGraphError(err);
      if (error.kind === 'rate') strike(this.options.gateKey, error.retryAfterMs);
      throw error;
    }
  }
}
