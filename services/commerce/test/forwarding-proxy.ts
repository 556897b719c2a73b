import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * An HTTP proxy on loopback that streams each request to `target()` (its base URL, with `headers`
 * added) and the answer back, 502 when the target is unreachable. `intercept` sees each request
 * first and takes it when it answers true (it then answers or drops it itself).
 */
export async function startForwardingProxy(
  target: () => { base: string; headers?: Record<string, string> },
  intercept: (req: IncomingMessage) => boolean = () => false,
): Promise<RunningProxy> {
  const server: Server = createServer((req, res) => {
    if (intercept(req)) return;
    const { base, headers = {} } = target();
    const url = new URL(req.url ?? '/', base);
    const out = request(url, { method: req.method, headers: { ...req.headers, host: url.host, ...headers } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
