import type { Logger, Metrics } from '@lbf/service-kit';
import { createServer } from 'node:http';
import type { ResolvedGatewayConfig } from './config';
import { closeHttpServer, listen } from './shared/http-server';

/**
 * The operators' listener (METRICS_PORT): GET /metrics in Prometheus' text format, on its own port
 * so the public site never serves it; anything else is 404. None when no port is configured.
 */
export async function listenMetrics(config: ResolvedGatewayConfig, metrics: Metrics, log: Logger): Promise<{ port: number; close(): Promise<void> } | null> {
  if (config.metricsPort === null) return null;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics failed');
        res.writeHead(500).end();
      },
    );
  });
  const port = await listen(server, config.metricsPort, config.metricsHost);
  log.info({ port }, 'metrics listening');
  return { port, close: () => closeHttpServer(server) };
}
