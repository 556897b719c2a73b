import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Starts the real product (built services and gateway as separate processes, built web app) on its
 * own ports, database, stream and Redis keys, so browser tests never touch `npm start`'s data.
 */
export default async function globalSetup(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startStack, randomPortOffset } = require('../../scripts/lib/stack') as typeof import('../../scripts/lib/stack');
  const root = join(__dirname, '..', '..');
  const suffix = randomBytes(4).toString('hex');
  const dataDir = join(root, '.data', 'e2e', suffix);
  mkdirSync(dataDir, { recursive: true });
  // Own ports and database per run, so two runs (a developer's and CI's) never collide.
  const offset = await randomPortOffset({ from: 300, step: 10, count: 60 });
  const database = `lbf_e2e_${suffix}`;
  // Every part records (and refuses off loopback) each connection it attempts: web/e2e/egress.e2e.ts.
  const egressDir = join(dataDir, 'egress');
  // The webhooks test's HTTPS receiver on loopback: a self-signed certificate that messaging trusts
  // (WEBHOOK_CA_FILE), and loopback targets allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS, never in production).
  const webhookCert = { key: join(dataDir, 'webhook-key.pem'), cert: join(dataDir, 'webhook-cert.pem') };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-keyout', webhookCert.key, '-out', webhookCert.cert, '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'pipe' });
  const stack = await startStack({
    port: 4000 + offset,
    portOffset: offset,
    database,
    freshDatabase: true,
    stream: `E2E_${suffix}`,
    prefix: `e2e${suffix}`,
    redisKeyPrefix: `e2e${suffix}`,
    dataDir,
    logLevel: 'warn',
    quiet: true,
    // Short demo videos (the player tests need ~40 s), their ladders built before any test runs.
    demoVideoMaxSeconds: 60,
    waitForDemoVideosMs: 180_000,
    nodeArgs: ['--require', join(root, 'scripts', 'lib', 'egress-recorder.js')],
    // Every browser test's visitors come from 127.0.0.1: more sign-ups an hour than one real address makes
    // (the limit itself is tested in services/identity/test/sign-up.int.spec.ts).
    // The operator-health test's slow operator answers 25 s late: production's 90 s median (PAYMENT_HEALTH_SLOW_MEDIAN_SECONDS)
    // would keep it waiting minutes.
    extraEnv: {
      LBF_EGRESS_LOG_DIR: egressDir,
      SIGN_UP_PER_IP_PER_HOUR: '200',
      PAYMENT_HEALTH_SLOW_MEDIAN_SECONDS: '20',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      WEBHOOK_CA_FILE: webhookCert.cert,
      WEBHOOK_RETRY_DELAY_MS: '1000',
    },
  });
  (globalThis as Record<string, unknown>).__LBF_E2E__ = { stack };
  // Test workers start after this and inherit the variable: each run reads its own stack.
  process.env.LBF_E2E_STACK = join(dataDir, 'stack.json');
  writeFileSync(process.env.LBF_E2E_STACK, JSON.stringify({ url: stack.url, demo: stack.demo, database, paymentSandboxUrl: stack.paymentSandboxUrl, mailCatcherUrl: stack.mailCatcherUrl, egressDir, endpoints: stack.endpoints, webhookCert }));
}
