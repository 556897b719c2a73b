import type { CaughtMail } from '@lbf/mail-sandbox';
import type { TestUser } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { linkIn, type MessagingHarness } from '../harness';

/** The newsletter module's factories: subscribers (through the API or seeded), campaigns sent and awaited. */

export const SUBSCRIBE = `mutation($email: String!, $source: NewsletterSource!) { subscribeNewsletter(email: $email, source: $source) { ok error { code message field } } }`;
export const CONFIRM = `mutation($token: String!) { confirmNewsletter(token: $token) { confirmed error { code message } } }`;
export const SEND_CAMPAIGN = `mutation($input: CampaignInput!) { adminSendCampaign(input: $input) { campaign { id status total } error { code message } } }`;
export const CAMPAIGN = `query($id: ID!) { adminCampaign(id: $id) { id status total sent failed suppressed uniqueClicks finishedAt } }`;

/** The confirmation token in a caught confirmation mail. */
export function confirmTokenIn(ctx: MessagingHarness, mail: CaughtMail): string {
  const link = linkIn(mail, `${ctx.config.publicUrl}/newsletter/confirmation/`);
  return link.slice(`${ctx.config.publicUrl}/newsletter/confirmation/`.length);
}

/** Subscribes through the API, confirms with the token from the caught mail; the subscriber's id. */
export async function subscribeAndConfirm(ctx: MessagingHarness, email: string): Promise<string> {
  const before = ctx.catcher.mails(email).length;
  const res = await ctx.as(null).gql(SUBSCRIBE, { email, source: 'FOOTER' });
  if (!res.data?.subscribeNewsletter.ok) throw new Error(`subscribe failed: ${JSON.stringify(res)}`);
  const mails = await ctx.mailsTo(email, before + 1);
  const confirmed = await ctx.as(null).gql(CONFIRM, { token: confirmTokenIn(ctx, mails[mails.length - 1]) });
  if (!confirmed.data?.confirmNewsletter.confirmed) throw new Error(`confirm failed: ${JSON.stringify(confirmed)}`);
  const row = await ctx.sql.query(`SELECT id FROM messaging.newsletter_subscribers WHERE email = $1`, [email]);
  return row.rows[0].id as string;
}

/** Many active (confirmed) subscribers written directly, as a long-lived list would be; their addresses. */
export async function seedActiveSubscribers(ctx: MessagingHarness, count: number, domain = 'list.test'): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const emails = Array.from({ length: count }, (_, i) => `s${i}-${tag}@${domain}`);
  await ctx.sql.query(
    `INSERT INTO messaging.newsletter_subscribers (id, email, status, source, subscribed_at, confirmed_at)
     SELECT gen_random_uuid(), e, 'active', 'footer', now() - interval '1 day', now() - interval '1 day' FROM unnest($1::text[]) AS e`,
    [emails],
  );
  return emails;
}

export async function sendCampaign(ctx: MessagingHarness, admin: TestUser, input: { subject: string; contentHtml: string }, url?: string): Promise<string> {
  const res = await ctx.as(admin, url).gql(SEND_CAMPAIGN, { input });
  const id = res.data?.adminSendCampaign.campaign?.id;
  if (!id) throw new Error(`campaign not created: ${JSON.stringify(res)}`);
  return id as string;
}

/** Waits until the campaign is SENT (as the service reports it) and returns it. */
export async function campaignSent(ctx: MessagingHarness, admin: TestUser, id: string, timeoutMs = 30_000, url?: string) {
  return ctx.until(
    async () => {
      const res = await ctx.as(admin, url).gql(CAMPAIGN, { id });
      const c = res.data?.adminCampaign;
      return c?.status === 'SENT' ? c : null;
    },
    timeoutMs,
    `campaign ${id} SENT`,
  );
}

/** The mails the catcher holds for each address (to check "exactly one each"). */
export function countsByRecipient(ctx: MessagingHarness, emails: string[]): Map<string, number> {
  const wanted = new Set(emails);
  const counts = new Map(emails.map((e) => [e, 0]));
  for (const m of ctx.catcher.mails()) for (const to of m.envelopeTo) if (wanted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}
