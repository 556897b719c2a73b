import { startMailCatcher, type RunningMailCatcher } from '@lbf/mail-sandbox';
import type { ServiceHandle } from '@lbf/service-kit';
import { createTestEnvironment, type TestEnvironment } from '@lbf/service-kit/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnalytics } from '../../services/analytics/src/app';
import { startCatalogue, type RunningCatalogue } from '../../services/catalogue/src/app';
import { startCommerce } from '../../services/commerce/src/app';
import { FakeProvider, sandboxProviders, WEBHOOK_KEY } from '../../services/commerce/test/public';
import { startIdentity } from '../../services/identity/src/app';
import { startMessaging } from '../../services/messaging/src/app';
import { startGateway, type RunningGateway } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { PERMISSIVE_RATE_LIMITS, testGatewayConfig } from './support';

export type ServiceName = 'identity' | 'catalogue' | 'commerce' | 'messaging' | 'analytics';

export interface FiveServices {
  env: TestEnvironment;
  gateway: RunningGateway;
  /** Each subgraph's URL, by service name. */
  subgraphs: Record<ServiceName, string>;
  /** The catalogue as it runs now (its media store: a test puts a guide's file there). */
  catalogue(): RunningCatalogue;
  /** Stops one service, as if it were down: its server, consumers and jobs. */
  stopService(name: ServiceName): Promise<void>;
  /** Starts it again on its port: its durable consumers resume where they stood. */
  startService(name: ServiceName): Promise<void>;
  /** The mail catcher messaging sends to (SMTP on loopback). */
  mail: RunningMailCatcher;
  /** Payment providers whose answers the test decides (commerce). */
  fakes: Record<'orange' | 'mtn' | 'notchpay', FakeProvider>;
  stop(): Promise<void>;
}

/** A gateway's settings in front of the five services (another gateway beside the stack's own, with its own options). */
export function stackGatewayConfig(stack: Pick<FiveServices, 'env' | 'subgraphs'>, over: Partial<GatewayConfig> = {}): GatewayConfig {
  return testGatewayConfig({
    subgraphs: Object.entries(stack.subgraphs).map(([name, url]) => ({ name, url })),
    authPublicKey: stack.env.keys.publicKey,
    subgraphSecret: stack.env.subgraphSecret,
    redisKeyPrefix: stack.env.redisKeyPrefix,
    pollIntervalMs: 0,
    ...over,
  });
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
    /** Identity's settings beyond the stack's (a shorter grace period for account deletion, say). */
    identity?: Partial<Parameters<typeof startIdentity>[0]>;
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
  // Each service's start on a port (0: any free one; a restart takes its old one, which the gateway knows).
  const starters = {
    identity: (port: number) =>
      startIdentity({ ...baseConfig('identity'), port, authPrivateKey: env.keys.privateKey, publicUrl, rateLimits: PERMISSIVE_RATE_LIMITS, ...options.identity }),
    catalogue: (port: number) => startCatalogue({ ...baseConfig('catalogue'), port, mediaDir, mediaSigningSecret: 'secret-de-signature-des-tests-gateway', publicUrl }),
    commerce: (port: number) =>
      startCommerce(
        {
          ...baseConfig('commerce'),
          port,
          usdXafRate: 656,
          publicUrl,
          notifyUrl: `${publicUrl}/payments/notify`,
          providers: sandboxProviders('http://127.0.0.1:9', WEBHOOK_KEY),
          pollDelaysMs: [60_000],
        },
        { providers: fakes },
      ),
    messaging: (port: number) =>
      startMessaging({
        ...baseConfig('messaging'),
        port,
        publicUrl,
        smtpUrl: catcher.smtpUrl,
        mailFrom: 'LBF <no-reply@lbf.test>',
        mailLinkSecret: 'secret-des-liens-des-tests-gateway-0123456789',
        newsletterPerSecond: 1000,
      }),
    analytics: (port: number) => startAnalytics({ ...baseConfig('analytics'), port, siteTimezone: 'Africa/Douala', visitsPerMinutePerIp: 100_000 }),
  } satisfies Record<ServiceName, (port: number) => Promise<ServiceHandle>>;
  const running = {} as { [K in ServiceName]: Awaited<ReturnType<(typeof starters)[K]>> };
  const names = Object.keys(starters) as ServiceName[];
  for (const name of names) (running as Record<ServiceName, ServiceHandle>)[name] = await starters[name](0);
  const { identity, catalogue, commerce, messaging, analytics } = running;
  const subgraphs = { identity: identity.url, catalogue: catalogue.url, commerce: commerce.url, messaging: messaging.url, analytics: analytics.url };
  const gateway = await startGateway(stackGatewayConfig({ env, subgraphs }, gatewayOverrides));
  await gateway.ready;
  return {
    env,
    gateway,
    subgraphs,
    fakes,
    mail: catcher,
    catalogue: () => running.catalogue,
    async stopService(name) {
      await running[name].stop();
    },
    async startService(name) {
      (running as Record<ServiceName, ServiceHandle>)[name] = await starters[name](running[name].port);
    },
    async stop() {
      await gateway.stop();
      await Promise.all(names.map((name) => running[name].stop().catch(() => undefined)));
      await catcher.stop();
      await env.cleanup();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
