import type { IncomingHttpHeaders } from 'node:http';
import { appOrigins, isAppOrigin } from './app-origins.js';

type CorsAnswer = { origin: string | false; credentials: boolean };

/**
 * socket.io's CORS (the `cors` package's per-request form): credentials only for the app's own
 * origins. Other sites (the website chat widget's long-polling) get CORS without credentials:
 * agents' sockets authenticate by an access token in the handshake, never a cookie, and the
 * /webchat namespace checks the connection's allowed sites itself.
 */
export function socketCors(config: { PUBLIC_URL?: string; CORS_ORIGINS?: string }) {
  const origins = appOrigins(config);
  return (request: { headers: IncomingHttpHeaders }, callback: (err: Error | null, options: CorsAnswer) => void) => {
    const origin = request.headers.origin;
    if (!origin) return callback(null, { origin: false, credentials: false });
    callback(null, { origin, credentials: isAppOrigin(origins, origin, request.headers.host) });
  };
}
