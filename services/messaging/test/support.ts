import { startMailCatcher, type CaughtMail, type RunningMailCatcher } from '@lbf/mail-sandbox';
import { events, makeEnvelope, publishEnvelope, type EventSubject } from '@lbf/proto-events';
import { collectEvents, createTestEnvironment, gatewayHeaders, gql as kitGql, until, type EventCollector, type TestUser } from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { startMessaging, type MessagingOptions, type RunningMessaging } from '../src/app';
import type { MessagingConfig } from '../src/config';

/**
 * One test file's messaging: its own database copy, stream and Redis prefix, and its own mail
 * catcher (a real SMTP server on a free loopback port) that the service sends to.
 */
export async function setupMessaging(opts: { config?: Partial<MessagingConfig>; now?: MessagingOptions['now']; catcher?: RunningMailCatcher } = {}) {
  const env = await createTestEnvironment();
  const catcher = opts.catcher ?? (await startMailCatcher({ smtpPort: 0, httpPort: 0 }));
  const config: MessagingConfig = {
    ...env.baseConfig('messaging'),
    publicUrl: 'http://localhost:4000',
    smtpUrl: catcher.smtpUrl,
    mailFrom: 'LBF <no-reply@lbf.test>',
    mailLinkSecret: randomBytes(24).toString('hex'),
    newsletterPerSecond: 1000,
    ...opts.config,
  };
  const apps: RunningMessaging[] = [];
  const start = async (more: Partial<MessagingConfig> = {}) => {
    const app = await startMessaging({ ...config, ...more }, { now: opts.now });
    apps.push(app);
    return app;
  };
  const app = await start();
  const nc: NatsConnection = await connect({ servers: config.natsUrl });
  const collectors: EventCollector[] = [];

  const publish = async (subject: EventSubject, data: Record<string, unknown>, id?: string) => {
    const envelope = makeEnvelope({ subject, version: events[subject].version, producer: 'test', data });
    if (id) Object.assign(envelope, { id });
    await publishEnvelope(nc.jetstream(), env.stream.prefix, envelope);
    return envelope;
  };

  const ctx = {
    env,
    app,
    apps,
    config,
    catcher,
    nc,
    sql: env.sql,
    start,
    newUser: (o?: { admin?: boolean }) => env.newUser(o),
    headers: (user?: TestUser | null) => gatewayHeaders(env.subgraphSecret, user?.token ?? null),
    gql: <T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, user?: TestUser | null, url = app.url) => // eslint-disable-line @typescript-eslint/no-explicit-any
      kitGql<T>(url, query, variables, gatewayHeaders(env.subgraphSecret, user?.token ?? null)),
    publish,
    /** identity.user.registered for a test user, then waits until messaging's read model has them. */
    async registerUser(user: TestUser, more: { email?: string; firstName?: string; lastName?: string; origin?: 'sign-up' | 'admin-command' } = {}) {
      const email = more.email ?? `user-${user.userId.slice(0, 8)}@example.com`;
      await publish('identity.user.registered', {
        userId: user.userId,
        email,
        firstName: more.firstName ?? 'Awa',
        lastName: more.lastName ?? 'Ngo',
        phone: null,
        registeredAt: new Date().toISOString(),
        origin: more.origin ?? 'sign-up',
      });
      await until(async () => ((await env.sql.query(`SELECT 1 FROM messaging.users WHERE user_id = $1`, [user.userId])).rowCount ? true : null), 5000, 'user in messaging');
      return email;
    },
    /** Waits until the catcher holds at least `count` mails to `to`, and returns them (oldest first). */
    async mailsTo(to: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail[]> {
      return until(() => {
        const got = catcher.mails(to);
        return got.length >= count ? got : null;
      }, timeoutMs, `${count} mail(s) to ${to}`);
    },
    async events(subjects: EventSubject[]) {
      const c = await collectEvents(env.stream, subjects);
      collectors.push(c);
      return c;
    },
    async teardown() {
      for (const c of collectors) await c.stop();
      for (const a of apps.reverse()) await a.stop();
      await nc.close();
      if (!opts.catcher) await catcher.stop();
      await env.cleanup();
    },
  };
  return ctx;
}

export type MessagingTestContext = Awaited<ReturnType<typeof setupMessaging>>;

/** The first link in a mail's text or HTML that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text ?? ''}\n${mail.html ?? ''}`);
  if (!found) throw new Error(`no link starting with ${prefix} in the mail "${mail.subject}"`);
  return found[0].replace(/&amp;/g, '&');
}
