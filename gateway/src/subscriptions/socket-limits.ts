import type { Logger } from '@lbf/service-kit';
import type { IncomingMessage } from 'node:http';
import { clientIp, type ProxyTrust } from '../shared/client-ip';

type VerifyClient = (info: { req: IncomingMessage }, done: (ok: boolean, status?: number, message?: string) => void) => void;

/**
 * `ws`'s verifyClient: at most `max` sockets per client IP (429 beyond), counted at the upgrade and
 * released when the TCP socket closes, however the handshake ends.
 */
export function socketsPerIpLimit(max: number, trust: ProxyTrust, log: Logger): VerifyClient {
  const socketsPerIp = new Map<string, number>();
  return ({ req }, done) => {
    const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust) ?? 'unknown';
    const count = socketsPerIp.get(ip) ?? 0;
    if (count >= max) {
      log.warn({ ip, count }, 'websocket refused: too many sockets from one IP');
      return done(false, 429, 'Trop de connexions');
    }
    socketsPerIp.set(ip, count + 1);
    req.socket.once('close', () => {
      const left = (socketsPerIp.get(ip) ?? 1) - 1;
      if (left > 0) socketsPerIp.set(ip, left);
      else socketsPerIp.delete(ip);
    });
    done(true);
  };
}
