import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WidgetSite {
  /** The page's address: another origin than the kernel's (localhost, not 127.0.0.1). */
  url: string;
  close(): Promise<void>;
}

/**
 * A customer's web site embedding the real website-chat widget script served by the kernel
 * (`<apiUrl>/webchat/widget.js`) with a connection's token, as the webchat README documents.
 */
export async function serveWidgetSite(apiUrl: string, token: string, opts: { lang?: string; title?: string } = {}): Promise<WidgetSite> {
  const attrs = [`src="${apiUrl}/webchat/widget.js"`, `data-token="${token}"`];
  if (opts.lang) attrs.push(`data-lang="${opts.lang}"`);
  if (opts.title) attrs.push(`data-title="${opts.title}"`);
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Loja</title></head><body><h1>Loja de exemplo</h1><script ${attrs.join(' ')} async></script></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
