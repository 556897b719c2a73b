import { isPaymentProvider, sendJson, type Logger, type Redis } from '@lbf/service-kit';
import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { boundedBody, forward, plainIp, relayTarget, withQuery } from './forward';

/** Public path the providers call: `${PUBLIC_URL}/payments/notify/{provider}`, the same path on commerce. */
export const NOTIFY_PATH = '/payments/notify';
/** A provider's notification is a small JSON document; more is not a notification. */
export const NOTIFY_BODY_LIMIT = 64 * 1024;
/** Commerce answers a notification at once (it records it, the work runs later). */
const UPSTREAM_TIMEOUT_MS = 15_000;
/** The headers a provider's notification carries that commerce needs (the NotchPay signature among them). */
const PASSED_HEADERS = ['content-type', 'x-notch-signature', 'user-agent'] as const;

/** Counts the notifications of each client address in Redis (every gateway instance shares the count). */
export interface NotifyRateLimit {
  redis: Redis;
  /** REDIS_KEY_PREFIX. */
  keyPrefix: string;
  /**
   * Notifications one client address may send per minute (NOTIFY_PER_MINUTE_PER_IP). A provider
   * sends one per payment (MoMo's once, NotchPay's with retries), so a busy minute of real payments
   * stays well under it; one over it only waits for the poller, which asks the provider anyway.
   */
  perMinute: number;
  log: Logger;
}

/** Null when this address may send one more, else the seconds to wait. Redis unreachable: let through (commerce bounds what it keeps). */
function notifyLimiter(limit: NotifyRateLimit): (ip: string) => Promise<number | null> {
  const limiter = new RateLimiterRedis({
    storeClient: limit.redis,
    keyPrefix: `${limit.keyPrefix}:gateway:rl:notify`,
    points: limit.perMinute,
    // The gateway's Redis client gives a command up after a few retries (app.ts), so an outage fails it soon.
    duration: 60,
  });
  return async (ip) => {
    try {
      await limiter.consume(ip);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      limit.log.warn({ err: String(err) }, 'notification rate limit unavailable; notification relayed');
      return null;
    }
  };
}

/**
 * Relays the payment providers' notifications (NotchPay webhooks, MTN MoMo and Orange Money
 * callbacks) from the public origin to commerce, which alone reads and verifies them. The body is
 * passed as the exact bytes received (NotchPay signs those bytes, so no JSON parser may touch them:
 * mount before express.json and compression), with the provider's content-type, signature and
 * user-agent, the client IP Express resolved, and the gateway's credential. Commerce's status and
 * body go back to the provider as they are. Only POST and PUT (MTN calls back with PUT), 64 KiB at
 * most. MoMo's and Orange's callbacks are unsigned by design, so anyone may send one: each client
 * address (as Express resolved it) may send `limit.perMinute` a minute, counted in Redis before the
 * body is read; more are answered 429 with Retry-After and never reach commerce. Without a commerce
 * subgraph, nothing is mounted (404). The provider's name must be one of the kit's PAYMENT_PROVIDERS.
 */
export function notifyRelay(commerceUrl: string, secret: string, limit: NotifyRateLimit): RequestHandler {
  const to = relayTarget(commerceUrl);
  const wait = notifyLimiter(limit);

  return (req: Request, res: Response) => {
    const provider = /^\/([a-z]+)\/?$/.exec(req.path)?.[1];
    if (!provider || !isPaymentProvider(provider)) return sendJson(res, 404, { error: 'not found' });
    if (req.method !== 'POST' && req.method !== 'PUT') {
      req.resume();
      return sendJson(res, 405, { error: 'method not allowed' }, { allow: 'POST, PUT' });
    }
    void (async () => {
      const retryAfter = await wait(plainIp(req) ?? 'unknown');
      if (retryAfter !== null) {
        req.resume();
        return sendJson(res, 429, { error: 'too many requests' }, { 'retry-after': String(retryAfter) });
      }
      const body = await boundedBody(req, res, NOTIFY_BODY_LIMIT);
      if (!body) return;
      const path = withQuery(`${NOTIFY_PATH}/${provider}`, req);
      forward(req, res, to, { path, secret, body, passHeaders: PASSED_HEADERS, replyHeaders: ['content-type'], timeoutMs: UPSTREAM_TIMEOUT_MS, name: 'commerce' });
    })();
  };
}
