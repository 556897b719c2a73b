import { startMailCatcher, type CaughtMail, type RunningMailCatcher } from '@lbf/mail-sandbox';
import { events as eventTypes, makeEnvelope, publishEnvelope, type EventSubject } from '@lbf/proto-events';
import { createHarness, gatewayHeaders, type Harness, type TestUser } from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { startMessaging, type MessagingOptions, type RunningMessaging } from '../src/app';
import type { MessagingConfig } from '../src/config';

/**
 * Messaging's one test harness (issue 21): the kit's `createHarness` (own database copy, stream,
 * Redis keys; callers `as(user)`, `asAdmin()`, `visitor()`; events; replicas; teardown) with the
 * service started on it, plus what only messaging needs: its own mail catcher (a real SMTP server
 * on a free loopback port) that the service sends to, and events published with a chosen id (a
 * redelivery). The modules' factories are in test/factories/.
 */
export interface MessagingHarnessOptions {
  config?: Partial<MessagingConfig>;
  now?: MessagingOptions['now'];
  /** A catcher shared with other services of the test (not stopped at teardown). */
  catcher?: RunningMailCatcher;
  /** Boots a replica otherwise than in this process (a child process a crash test kills); startMessaging by default. */
  start?: (config: MessagingConfig) => Promise<RunningMessaging>;
}

export type MessagingHarness = Omit<Harness<MessagingConfig, RunningMessaging>, 'publish' | 'teardown'> & {
  catcher: RunningMailCatcher;
  /** The headers the gateway sends: its credential and the user's token, if any. */
  headers(user?: TestUser | null): Record<string, string>;
  /** Publishes an event as another service would (the current version of its type), with `id` when given (a redelivery); the envelope. */
  publish(subject: EventSubject, data: Record<string, unknown>, id?: string): Promise<ReturnType<typeof makeEnvelope>>;
  /** Waits until the catcher holds at least `count` mails to `to`, and returns them (oldest first). */
  mailsTo(to: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  teardown(): Promise<void>;
};

export async function messagingHarness(opts: MessagingHarnessOptions = {}): Promise<MessagingHarness> {
  const catcher = opts.catcher ?? (await startMailCatcher({ smtpPort: 0, httpPort: 0 }));
  let h: Harness<MessagingConfig, RunningMessaging>;
  try {
    h = await createHarness<MessagingConfig, RunningMessaging>(
      {
        service: 'messaging',
        config: (base) => ({
          ...base,
          publicUrl: 'http://localhost:4000',
          smtpUrl: catcher.smtpUrl,
          mailFrom: 'LBF <no-reply@lbf.test>',
          mailLinkSecret: randomBytes(24).toString('hex'),
          newsletterPerSecond: 1000,
        }),
        start: opts.start ?? ((config) => startMessaging(config, { now: opts.now })),
      },
      opts.config,
    );
  } catch (err) {
    if (!opts.catcher) await catcher.stop();
    throw err;
  }
  let nc: NatsConnection | null = null;
  return {
    ...h,
    catcher,
    headers: (user) => gatewayHeaders(h.env.subgraphSecret, user?.token ?? null),
    async publish(subject, data, id) {
      nc ??= await connect({ servers: h.config.natsUrl });
      const envelope = makeEnvelope({ subject, version: eventTypes[subject].version, producer: 'test', data });
      if (id) Object.assign(envelope, { id });
      await publishEnvelope(nc.jetstream(), h.env.stream.prefix, envelope);
      return envelope;
    },
    mailsTo(to, count = 1, timeoutMs = 10_000) {
      return h.until(
        () => {
          const got = catcher.mails(to);
          return got.length >= count ? got : null;
        },
        timeoutMs,
        `${count} mail(s) to ${to}`,
      );
    },
    async teardown() {
      await h.teardown();
      await nc?.close();
      if (!opts.catcher) await catcher.stop();
    },
  };
}

/** The first link in a mail's text or HTML that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text ?? ''}\n${mail.html ?? ''}`);
  if (!found) throw new Error(`no link starting with ${prefix} in the mail "${mail.subject}"`);
  return found[0].replace(/&amp;/g, '&');
}

/** The value of a raw header line (mailparser folds List-* away, so read the lines). */
export function headerLine(mail: CaughtMail, key: string): string | null {
  const found = mail.headerLines.find((h) => h.key.toLowerCase() === key.toLowerCase());
  return found ? found.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ') : null;
}
