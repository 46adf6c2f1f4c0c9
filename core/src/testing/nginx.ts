import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnOwned, type OwnedProcess } from './owned-process.js';
import { sparePort, waitForPort } from './spare-port.js';

export const NGINX_BIN = '/usr/sbin/nginx';

export interface NginxOptions {
  /** host:port of each Guichê node behind the proxy. */
  upstreams: string[];
}

/** nginx in front of the nodes, run as the test's own process (no daemon, files in a temporary folder). */
export interface Nginx {
  url: string;
  port: number;
  /** The configuration it runs (the shape deploy/nginx.conf documents). */
  config: string;
  stop(): Promise<void>;
}

/**
 * The proxy part of a Guichê deployment: any node may answer any request (no stickiness: the web
 * client's socket.io uses the websocket transport only), /socket.io/ is upgraded to WebSocket and
 * kept open, and a request that could not reach a node (refused, or the node answered 502/503
 * while stopping) is tried on the next one.
 */
export function nginxConfig(options: { listen: string; upstreams: string[]; prefix: string }): string {
  const p = (name: string) => path.join(options.prefix, name);
  return `daemon off;
worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${p('client_body')};
  proxy_temp_path ${p('proxy')};
  fastcgi_temp_path ${p('fastcgi')};
  uwsgi_temp_path ${p('uwsgi')};
  scgi_temp_path ${p('scgi')};
  client_max_body_size 50m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream guiche {
${options.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen ${options.listen};
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout http_502 http_503;
    location /socket.io/ {
      proxy_pass http://guiche;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location / {
      proxy_pass http://guiche;
      proxy_set_header Connection "";
    }
  }
}
`;
}

/** Starts /usr/sbin/nginx on a spare port of 127.0.0.1 in front of the given nodes. */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-nginx-'));
  const port = await sparePort();
  const config = nginxConfig({ listen: `127.0.0.1:${port}`, upstreams: options.upstreams, prefix });
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, config);
  const server: OwnedProcess = spawnOwned(NGINX_BIN, ['-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log')], { cwd: prefix });
  await waitForPort(port, () => server.alive()).catch((err: Error) => {
    const log = fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : '';
    throw new Error(`${err.message}\n${server.output()}\n${log}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    async stop() {
      await server.stop('SIGTERM');
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
