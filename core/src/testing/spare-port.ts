import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it), for a process that needs a fixed port across restarts. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (a freshly started server is up). */
export async function waitForPort(port: number, isAlive: () => boolean): Promise<void> {
  for (;;) {
    if (!isAlive()) throw new Error(`the process meant to listen on ${port} exited`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
