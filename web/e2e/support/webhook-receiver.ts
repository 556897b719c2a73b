import { createHmac } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { stack } from '../harness';

/** Ports of the tests' own receivers (one a line) in the stack's egress folder. */
export const TEST_RECEIVERS_FILE = 'test-receivers.txt';

/** One request the receiver got: the webhook headers and the parsed body. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  /** The body's bytes as received, which the signature covers. */
  raw: string;
  body: { id: string; type: string; data: Record<string, unknown> };
}

/** Whether one of the header's signatures (space-separated) is v1=HMAC-SHA256(secret, "<timestamp>.<raw body>"). */
export function signedWith(secret: string, hook: Received): boolean {
  const expected = `v1=${createHmac('sha256', secret).update(`${hook.timestamp}.${hook.raw}`).digest('hex')}`;
  return hook.signature.split(' ').includes(expected);
}

/**
 * An HTTPS webhook receiver on loopback for the browser tests, with the certificate the stack's
 * messaging trusts (made by global-setup). `status()` decides each answer (500 to fail one).
 */
export async function startReceiver(status: (hook: Received) => number = () => 200): Promise<{ url: string; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer({ key: readFileSync(stack.webhookCert.key), cert: readFileSync(stack.webhookCert.cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const hook = {
        id: String(req.headers['x-lbf-webhook-id']),
        timestamp: String(req.headers['x-lbf-webhook-timestamp']),
        signature: String(req.headers['x-lbf-webhook-signature']),
        raw,
        body: JSON.parse(raw),
      };
      received.push(hook);
      res.writeHead(status(hook)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // An endpoint of the tests that the stack is told to deliver to: egress.e2e.ts counts it as the stack's.
  appendFileSync(join(stack.egressDir, TEST_RECEIVERS_FILE), `${port}\n`);
  return {
    url: `https://127.0.0.1:${port}/lbf-hooks`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
