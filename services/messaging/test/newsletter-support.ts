import type { CaughtMail } from '@lbf/mail-sandbox';
import { until, type TestUser } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { linkIn, type MessagingTestContext } from './support';

export const SUBSCRIBE = `mutation($email: String!, $source: NewsletterSource!) { subscribeNewsletter(email: $email, source: $source) { ok error { code message field } } }`;
export const CONFIRM = `mutation($token: String!) { confirmNewsletter(token: $token) { confirmed error { code message } } }`;
export const SEND_CAMPAIGN = `mutation($input: CampaignInput!) { adminSendCampaign(input: $input) { campaign { id status total } error { code message } } }`;
export const CAMPAIGN = `query($id: ID!) { adminCampaign(id: $id) { id status total sent failed suppressed uniqueClicks finishedAt } }`;

/** The confirmation token in a caught confirmation mail. */
export function confirmTokenIn(ctx: MessagingTestContext, mail: CaughtMail): string {
  const link = linkIn(mail, `${ctx.config.publicUrl}/newsletter/confirmation/`);
  return link.slice(`${ctx.config.publicUrl}/newsletter/confirmation/`.length);
}

/** Subscribes through the API, confirms with the token from the caught mail; the subscriber's id. */
export async function subscribeAndConfirm(ctx: MessagingTestContext, email: string): Promise<string> {
  const before = ctx.catcher.mails(email).length;
  const res = await ctx.gql(SUBSCRIBE, { email, source: 'FOOTER' });
  if (!res.data?.subscribeNewsletter.ok) throw new Error(`subscribe failed: ${JSON.stringify(res)}`);
  const mails = await ctx.mailsTo(email, before + 1);
  const confirmed = await ctx.gql(CONFIRM, { token: confirmTokenIn(ctx, mails[mails.length - 1]) });
  if (!confirmed.data?.confirmNewsletter.confirmed) throw new Error(`confirm failed: ${JSON.stringify(confirmed)}`);
  const row = await ctx.sql.query(`SELECT id FROM messaging.newsletter_subscribers WHERE email = $1`, [email]);
  return row.rows[0].id as string;
}

/** Many active (confirmed) subscribers written directly, as a long-lived list would be; their addresses. */
export async function seedActiveSubscribers(ctx: MessagingTestContext, count: number, domain = 'list.test'): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const emails = Array.from({ length: count }, (_, i) => `s${i}-${tag}@${domain}`);
  await ctx.sql.query(
    `INSERT INTO messaging.newsletter_subscribers (id, email, status, source, subscribed_at, confirmed_at)
     SELECT gen_random_uuid(), e, 'active', 'footer', now() - interval '1 day', now() - interval '1 day' FROM unnest($1::text[]) AS e`,
    [emails],
  );
  return emails;
}

/** An administrator messaging knows: their row in the users read model, as identity's event would write it. */
export async function adminUser(ctx: MessagingTestContext): Promise<{ admin: TestUser; email: string }> {
  const admin = ctx.newUser({ admin: true });
  const email = `admin-${admin.userId.slice(0, 8)}@example.com`;
  await ctx.sql.query(
    `INSERT INTO messaging.users (user_id, email, first_name, last_name, registered_at) VALUES ($1, $2, 'Mireille', 'Admin', now())`,
    [admin.userId, email],
  );
  return { admin, email };
}

export async function sendCampaign(ctx: MessagingTestContext, admin: TestUser, input: { subject: string; contentHtml: string }, url?: string): Promise<string> {
  const res = await ctx.gql(SEND_CAMPAIGN, { input }, admin, url);
  const id = res.data?.adminSendCampaign.campaign?.id;
  if (!id) throw new Error(`campaign not created: ${JSON.stringify(res)}`);
  return id as string;
}

/** Waits until the campaign is SENT (as the service reports it) and returns it. */
export async function campaignSent(ctx: MessagingTestContext, admin: TestUser, id: string, timeoutMs = 30_000, url?: string) {
  return until(
    async () => {
      const res = await ctx.gql(CAMPAIGN, { id }, admin, url);
      const c = res.data?.adminCampaign;
      return c?.status === 'SENT' ? c : null;
    },
    timeoutMs,
    `campaign ${id} SENT`,
  );
}

/** The mails the catcher holds for each address (to check "exactly one each"). */
export function countsByRecipient(ctx: MessagingTestContext, emails: string[]): Map<string, number> {
  const wanted = new Set(emails);
  const counts = new Map(emails.map((e) => [e, 0]));
  for (const m of ctx.catcher.mails()) for (const to of m.envelopeTo) if (wanted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

/** The value of a raw header line (mailparser folds List-* away, so read the lines). */
export function headerLine(mail: CaughtMail, key: string): string | null {
  const found = mail.headerLines.find((h) => h.key.toLowerCase() === key.toLowerCase());
  return found ? found.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ') : null;
}

/**
 * A TCP proxy to the test Redis that a test can cut (every connection dropped, new ones refused)
 * and restore: the service's "Redis went away" without touching the shared server.
 */
export class RedisProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private down = false;
  port = 0;

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (this.down) {
        client.destroy();
        return;
      }
      const upstream = connect(Number(this.target.port || 6379), this.target.hostname);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The Redis URL through the proxy (same database number and credentials). */
  get url(): string {
    const u = new URL(this.target.toString());
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  cut(): void {
    this.down = true;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.down = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
