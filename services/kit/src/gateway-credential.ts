import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Header carrying the gateway's credential on every request it sends to a subgraph. */
export const GATEWAY_SECRET_HEADER = 'x-lbf-gateway-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when the headers carry the secret. Both sides are hashed first so the comparison takes the
 * same time whatever the length or content of what was sent.
 */
export function carriesGatewaySecret(headers: IncomingHttpHeaders, secret: string): boolean {
  return gatewaySecretCheck(secret)(headers);
}

/** The same check with the secret's digest computed once, for the per-request path. */
export function gatewaySecretCheck(secret: string): (headers: IncomingHttpHeaders) => boolean {
  const expected = digest(secret);
  return (headers) => {
    const sent = headers[GATEWAY_SECRET_HEADER];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (typeof value !== 'string' || value.length === 0) return false;
    return timingSafeEqual(digest(value), expected);
  };
}

/**
 * The visitor's IP: the first X-Forwarded-For value when the request came from the gateway
 * (it carried the secret), otherwise the socket's own address, since anyone else could write
 * any X-Forwarded-For they like.
 */
export function clientIp(headers: IncomingHttpHeaders, socketAddress: string | undefined, fromGateway: boolean): string | null {
  if (fromGateway) {
    const forwarded = headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return socketAddress?.replace(/^::ffff:/, '') ?? null;
}
