import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real HTTPS webhook receiver on loopback for the tests: a self-signed certificate made for the
 * run with Debian's openssl (127.0.0.1 and localhost in its names), which the service trusts
 * through its `webhooks.trustedCa` option. It keeps every request it got (headers and raw body)
 * and answers as the test says: a status, or nothing (`hang`, a timeout).
 */
export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  raw: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  at: number;
}

export type Responder = (hook: ReceivedWebhook, req: IncomingMessage) => number | 'hang';

export interface WebhookReceiver {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The certificate, PEM: the CA the service must trust. */
  ca: string;
  received: ReceivedWebhook[];
  respond(responder: Responder): void;
  /** Requests to `path`. */
  on(path: string): ReceivedWebhook[];
  stop(): Promise<void>;
}

export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lbf-webhook-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ], { stdio: 'pipe' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedWebhook[] = [];
  let responder: Responder = () => 200;
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedWebhook = {
        path: req.url ?? '/',
        id: String(req.headers['x-lbf-webhook-id'] ?? ''),
        timestamp: String(req.headers['x-lbf-webhook-timestamp'] ?? ''),
        signature: String(req.headers['x-lbf-webhook-signature'] ?? ''),
        raw,
        body: JSON.parse(raw || '{}'),
        at: Date.now(),
      };
      received.push(hook);
      const answer = responder(hook, req);
      if (answer === 'hang') return void hanging.add(req);
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: cert,
    received,
    respond: (r) => (responder = r),
    on: (path) => received.filter((h) => h.path === path),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What a receiver does with the headers: recompute v1=HMAC-SHA256(secret, "<timestamp>.<raw body>")
 * and compare it in constant time with each signature the header carries (two while a replaced
 * secret still signs), accepting when one matches.
 */
export function verifySignature(secret: string, hook: Pick<ReceivedWebhook, 'timestamp' | 'raw' | 'signature'>): boolean {
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${hook.timestamp}.${hook.raw}`).digest('hex')}`);
  return hook.signature.split(' ').some((one) => {
    const given = Buffer.from(one);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
