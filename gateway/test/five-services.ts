import { startMailCatcher, type RunningMailCatcher } from '@lbf/mail-sandbox';
import { createTestEnvironment, type TestEnvironment } from '@lbf/service-kit/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnalytics } from '../../services/analytics/src/app';
import { startCatalogue } from '../../services/catalogue/src/app';
import { startCommerce } from '../../services/commerce/src/app';
import { FakeProvider, sandboxProviders, WEBHOOK_KEY } from '../../services/commerce/test/public';
import { startIdentity } from '../../services/identity/src/app';
import { startMessaging } from '../../services/messaging/src/app';
import { startGateway, type RunningGateway } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { testGatewayConfig } from './support';

export interface FiveServices {
  env: TestEnvironment;
  gateway: RunningGateway;
  /** Each subgraph's URL, by service name. */
  subgraphs: Record<'identity' | 'catalogue' | 'commerce' | 'messaging' | 'analytics', string>;
  /** The mail catcher messaging sends to (SMTP on loopback). */
  mail: RunningMailCatcher;
  /** Payment providers whose answers the test decides (commerce). */
  fakes: Record<'orange' | 'mtn' | 'notchpay', FakeProvider>;
  stop(): Promise<void>;
}

/**
 * The five subgraphs in this process (so a test can watch their SQL) on one database copy and one
 * stream, and the gateway composing them, as `npm start` runs them but without child processes.
 */
export async function startFiveServices(
  gatewayOverrides: Partial<GatewayConfig> = {},
  options: {
    /** The file's environment when the test made it first (its stream names a NATS config, say). */
    env?: TestEnvironment;
    /** Each service's NATS_URL, when not the file's shared server (one NATS user per service). */
    natsUrl?: (service: string) => string;
  } = {},
): Promise<FiveServices> {
  const env = options.env ?? (await createTestEnvironment());
  const baseConfig = (service: string) => ({ ...env.baseConfig(service), ...(options.natsUrl ? { natsUrl: options.natsUrl(service) } : {}) });
  const mediaDir = await mkdtemp(join(tmpdir(), 'lbf-gateway-test-'));
  const catcher: RunningMailCatcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const fakes = {
    orange: new FakeProvider('orange', 10 * 60_000),
    mtn: new FakeProvider('mtn', 5 * 60_000),
    notchpay: new FakeProvider('notchpay', 3 * 3600_000),
  };
  const publicUrl = 'http://localhost:4000';
  const permissive = { points: 100_000, durationSeconds: 60 };
  const identity = await startIdentity({
    ...baseConfig('identity'),
    authPrivateKey: env.keys.privateKey,
    publicUrl,
    rateLimits: {
      signInPerIp: permissive,
      signInPerEmail: permissive,
      signUpPerIp: permissive,
      resetPerIp: permissive,
      resetPerEmail: permissive,
      captchaPerIp: permissive,
    },
  });
  const catalogue = await startCatalogue({ ...baseConfig('catalogue'), mediaDir, mediaSigningSecret: 'secret-de-signature-des-tests-gateway', publicUrl });
  const commerce = await startCommerce(
    {
      ...baseConfig('commerce'),
      usdXafRate: 656,
      publicUrl,
      notifyUrl: `${publicUrl}/payments/notify`,
      providers: sandboxProviders('http://127.0.0.1:9', WEBHOOK_KEY),
      pollDelaysMs: [60_000],
    },
    { providers: fakes },
  );
  const messaging = await startMessaging({
    ...baseConfig('messaging'),
    publicUrl,
    smtpUrl: catcher.smtpUrl,
    mailFrom: 'LBF <no-reply@lbf.test>',
    mailLinkSecret: 'secret-des-liens-des-tests-gateway-0123456789',
    newsletterPerSecond: 1000,
  });
  const analytics = await startAnalytics({ ...baseConfig('analytics'), siteTimezone: 'Africa/Douala', visitsPerMinutePerIp: 100_000 });
  const subgraphs = { identity: identity.url, catalogue: catalogue.url, commerce: commerce.url, messaging: messaging.url, analytics: analytics.url };
  const gateway = await startGateway(
    testGatewayConfig({
      subgraphs: Object.entries(subgraphs).map(([name, url]) => ({ name, url })),
      authPublicKey: env.keys.publicKey,
      subgraphSecret: env.subgraphSecret,
      redisKeyPrefix: env.redisKeyPrefix,
      pollIntervalMs: 0,
      ...gatewayOverrides,
    }),
  );
  await gateway.ready;
  return {
    env,
    gateway,
    subgraphs,
    fakes,
    mail: catcher,
    async stop() {
      await gateway.stop();
      await Promise.all([identity, catalogue, commerce, messaging, analytics].map((s) => s.stop()));
      await catcher.stop();
      await env.cleanup();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
