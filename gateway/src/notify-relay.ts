import type { Express, Request, Response } from 'express';
import type { SubgraphEndpoint } from './config';
import { boundedBody, forward, json, relayTarget } from './relay';

/** The subgraph that receives the payment providers' notifications (webhooks, callbacks). */
export const NOTIFY_SUBGRAPH = 'commerce';
/** Public path the providers call: `${PUBLIC_URL}/payments/notify/{provider}`, the same path on commerce. */
export const NOTIFY_PATH = '/payments/notify';
const PROVIDERS = new Set(['notchpay', 'mtn', 'orange']);
/** A provider's notification is a small JSON document; more is not a notification. */
export const NOTIFY_BODY_LIMIT = 64 * 1024;
/** Commerce answers a notification at once (it records it, the work runs later). */
const UPSTREAM_TIMEOUT_MS = 15_000;
/** The headers a provider's notification carries that commerce needs (the NotchPay signature among them). */
const PASSED_HEADERS = ['content-type', 'x-notch-signature', 'user-agent'] as const;

/**
 * Relays the payment providers' notifications (NotchPay webhooks, MTN MoMo and Orange Money
 * callbacks) from the public origin to commerce, which alone reads and verifies them. The body is
 * passed as the exact bytes received (NotchPay signs those bytes, so no JSON parser may touch them:
 * mount before express.json and compression), with the provider's content-type, signature and
 * user-agent, the client IP Express resolved, and the gateway's credential. Commerce's status and
 * body go back to the provider as they are. Only POST and PUT (MTN calls back with PUT), 64 KiB at
 * most. Without a commerce subgraph, nothing is mounted (404).
 */
export function mountNotifyRelay(app: Express, subgraphs: SubgraphEndpoint[], secret: string): boolean {
  const commerce = subgraphs.find((s) => s.name === NOTIFY_SUBGRAPH);
  if (!commerce) return false;
  const to = relayTarget(commerce.url);

  app.use(NOTIFY_PATH, (req: Request, res: Response) => {
    const provider = /^\/([a-z]+)\/?$/.exec(req.path)?.[1];
    if (!provider || !PROVIDERS.has(provider)) return json(res, 404, { error: 'not found' });
    if (req.method !== 'POST' && req.method !== 'PUT') {
      req.resume();
      return json(res, 405, { error: 'method not allowed' }, { allow: 'POST, PUT' });
    }
    void (async () => {
      const body = await boundedBody(req, res, NOTIFY_BODY_LIMIT);
      if (!body) return;
      const query = req.originalUrl.indexOf('?');
      const path = `${NOTIFY_PATH}/${provider}${query >= 0 ? req.originalUrl.slice(query) : ''}`;
      forward(req, res, to, { path, secret, body, passHeaders: PASSED_HEADERS, replyHeaders: ['content-type'], timeoutMs: UPSTREAM_TIMEOUT_MS, name: 'commerce' });
    })();
  });
  return true;
}
