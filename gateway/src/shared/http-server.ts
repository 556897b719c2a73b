import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `host:port` (0: a free port); resolves with the port taken. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting, lets requests in flight finish, and cuts what is still open after `graceMs`. */
export function closeHttpServer(server: Server, graceMs = 5000): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
