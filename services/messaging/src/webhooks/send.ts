import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './rules';

/** What one POST gave: the HTTP status (null: no answer) and, on failure, why. */
export interface SendOutcome {
  status: number | null;
  error: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  trustedCa: string | null;
}

const REFUSED = 'adresse locale ou privée refusée';

/**
 * Resolves the host and refuses it when any of its addresses is private (SSRF): checked at each
 * connection, the address connected to is the one checked (a name that later resolves to a private
 * address, DNS rebinding, is refused too).
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const list = Array.isArray(addresses) ? addresses : [];
      if (!allowPrivate && (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(Object.assign(new Error(REFUSED), { code: 'EPRIVATE' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * POSTs one signed body over HTTPS, within `timeoutMs` for the whole exchange; the answer's body
 * is read (at most 64 kB) and dropped. Never follows a redirect (a 3xx is a failure).
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, opts: SendOptions): Promise<SendOutcome> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (target.protocol !== 'https:') return Promise.resolve({ status: null, error: 'seules les adresses https:// sont acceptées' });
  if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) return Promise.resolve({ status: null, error: REFUSED });
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'LBF-Webhooks/1', ...headers },
        lookup: guardedLookup(opts.allowPrivate),
        ...(opts.trustedCa ? { ca: opts.trustedCa } : {}),
        agent: false,
      },
      (res) => {
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 65_536) res.destroy();
        });
        const status = res.statusCode ?? null;
        const finish = () => done({ status, error: status !== null && status >= 200 && status < 300 ? null : `réponse HTTP ${status}` });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `délai dépassé (${opts.timeoutMs} ms)` });
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => done({ status: null, error: err.message === REFUSED ? REFUSED : `${err.code ?? 'erreur'}: ${err.message}`.slice(0, 500) }));
    req.end(body);
  });
}
