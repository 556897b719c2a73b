import type { Redis } from '@lbf/service-kit';
import type { Express } from 'express';

/**
 * /health answers while the process runs; /ready once the API is up and Redis answers (503 otherwise),
 * and 503 from SIGTERM on (`draining`), while the gateway still serves what the load balancer sends.
 */
export function mountProbes(app: Express, redis: Redis, apiReady: () => boolean, draining: () => boolean = () => false): void {
  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: 'gateway' }));
  app.get('/ready', async (_req, res) => {
    if (draining()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const redisOk = await redis.ping().then(
      () => true,
      () => false,
    );
    const checks = { supergraph: apiReady(), redis: redisOk };
    const ok = checks.supergraph && checks.redis;
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks });
  });
}
