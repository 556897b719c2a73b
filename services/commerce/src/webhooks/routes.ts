import { isPaymentProvider } from '@lbf/service-kit';
import express, { type Express, type Request, type Response } from 'express';
import type { CommerceDeps } from '../deps';
import { receiveNotification } from './receive-notification';

export const NOTIFY_PATH = '/payments/notify';

/** POST|PUT /payments/notify/notchpay|mtn|orange (behind the gateway's credential, like /graphql). */
export function mountWebhookRoutes(app: Express, deps: CommerceDeps): void {
  const handler = async (req: Request, res: Response) => {
    const provider = String(req.params.provider);
    if (!isPaymentProvider(provider)) {
      res.status(404).end();
      return;
    }
    try {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await receiveNotification(deps, { provider, rawBody, headers: req.headers, query: req.query as Record<string, unknown> });
      // No detail either way: a forger learns only that it was refused.
      if (outcome === 'invalid-signature') res.status(401).json({ ok: false });
      else res.status(200).json({ ok: true });
    } catch (err) {
      deps.log.error({ err, provider }, 'webhook failed');
      res.status(500).json({ ok: false });
    }
  };
  const raw = express.raw({ type: () => true, limit: '64kb' });
  app.post(`${NOTIFY_PATH}/:provider`, raw, handler);
  app.put(`${NOTIFY_PATH}/:provider`, raw, handler);
}
