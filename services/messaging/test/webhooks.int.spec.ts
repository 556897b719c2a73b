import { purchaseCompleted, userRegistered, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { adminUser } from './factories/users';
import { RETRY_WEBHOOK, ROTATE_WEBHOOK_SECRET, SET_WEBHOOK_ACTIVE, subscribeWebhook, webhookDeliveries, CREATE_WEBHOOK } from './factories/webhooks';
import { messagingHarness } from './harness';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from './webhook-receiver';

/**
 * Webhooks (issue 24 point 5) against a real HTTPS receiver on loopback (a self-signed certificate
 * made for the run, trusted through the config): signed deliveries, retries after 500s, the pause
 * after failed deliveries in a row with the administrator's mail, « Renvoyer ». Short back-off
 * here (3 attempts, 200 ms doubling); production's is 8 attempts over about four hours.
 */
let receiver: WebhookReceiver;
const ctx = withHarness(async () => {
  receiver = await startWebhookReceiver();
  return messagingHarness({
    config: { webhooks: { allowPrivateTargets: true, trustedCa: receiver.ca, attempts: 3, retryDelayMs: 200, pauseAfterFailures: 2, sweepMs: 1000, timeoutMs: 10_000 } },
  });
});
afterAll(async () => receiver?.stop());

const until = <T>(fn: () => Promise<T | null> | T | null, what: string, ms = 15_000) => ctx.until(fn, ms, what);

describe('webhook subscriptions', () => {
  it('are for administrators only, https only, and the secret is shown once and stored sealed', async () => {
    const admin = ctx.newUser({ admin: true });
    const url = `${receiver.origin}/refusals`;
    expect((await ctx.as(ctx.newUser()).gql(CREATE_WEBHOOK, { input: { url, events: ['USER_REGISTERED'] } })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await ctx.as(null).gql(CREATE_WEBHOOK, { input: { url, events: ['USER_REGISTERED'] } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const http = await ctx.as(admin).gql(CREATE_WEBHOOK, { input: { url: url.replace('https:', 'http:'), events: ['USER_REGISTERED'] } });
    expect(http.data!.adminCreateWebhookSubscription.error).toMatchObject({ code: 'INVALID_URL', field: 'url' });
    const { id, secret } = await subscribeWebhook(ctx, admin, url, ['USER_REGISTERED']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = (await ctx.sql.query(`SELECT secret_ciphertext FROM messaging.webhook_subscriptions WHERE id = $1`, [id])).rows;
    expect(row.secret_ciphertext).not.toContain(secret.slice(6));
    expect(row.secret_ciphertext).toMatch(/^v1:/);
  });
});

describe('« Changer le secret »', () => {
  it('gives a new secret this once; the replaced one still signs beside it until its 24 hours end, then only the new one does', async () => {
    const admin = ctx.newUser({ admin: true });
    const path = '/rotated';
    const { id, secret: first } = await subscribeWebhook(ctx, admin, `${receiver.origin}${path}`, ['USER_REGISTERED']);
    expect((await ctx.as(ctx.newUser()).gql(ROTATE_WEBHOOK_SECRET, { id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await ctx.as(admin).gql(ROTATE_WEBHOOK_SECRET, { id: randomUUID() })).data!.adminRotateWebhookSecret).toMatchObject({ secret: null, error: { code: 'NOT_FOUND' } });

    const rotated = (await ctx.as(admin).gql(ROTATE_WEBHOOK_SECRET, { id })).data!.adminRotateWebhookSecret;
    const second: string = rotated.secret;
    expect(second).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const overlapEnds = Date.parse(rotated.subscription.previousSecretExpiresAt);
    expect(Math.abs(overlapEnds - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(rotated.subscription.secretChangedAt) - Date.now())).toBeLessThan(60_000);
    const [row] = (await ctx.sql.query(`SELECT secret_ciphertext, previous_secret_ciphertext FROM messaging.webhook_subscriptions WHERE id = $1`, [id])).rows;
    expect(row.secret_ciphertext).not.toContain(second.slice(6));
    expect(row.previous_secret_ciphertext).toMatch(/^v1:/);
    const journal = await ctx.sql.query(
      `SELECT envelope->'data'->'target'->>'label' AS label FROM messaging.outbox
        WHERE subject = 'messaging.admin.action_recorded' AND envelope->'data'->>'action' = 'webhook.secret_rotated' AND envelope->'data'->'target'->>'id' = $1`,
      [id],
    );
    expect(journal.rows).toEqual([{ label: `${receiver.origin}${path}` }]);

    // During the overlap: two signatures, the new secret's first; a receiver on either secret accepts.
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID() }));
    const [during] = await until(() => (receiver.on(path).length ? receiver.on(path) : null), 'a delivery during the overlap');
    expect(during!.signature.split(' ')).toHaveLength(2);
    expect(verifySignature(second, { ...during!, signature: during!.signature.split(' ')[0]! })).toBe(true);
    expect(verifySignature(first, during!)).toBe(true);
    expect(verifySignature('whsec_wrong', during!)).toBe(false);

    // The overlap over: the replaced secret no longer signs, and the list no longer shows it.
    await ctx.sql.query(`UPDATE messaging.webhook_subscriptions SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID() }));
    const after = await until(() => (receiver.on(path).length >= 2 ? receiver.on(path)[1]! : null), 'a delivery after the overlap');
    expect(after.signature.split(' ')).toHaveLength(1);
    expect(verifySignature(second, after)).toBe(true);
    expect(verifySignature(first, after)).toBe(false);
    const listed = await ctx.as(admin).gql(`{ adminWebhookSubscriptions { id previousSecretExpiresAt secretChangedAt } }`);
    expect(listed.data!.adminWebhookSubscriptions.find((s: { id: string }) => s.id === id)).toMatchObject({ previousSecretExpiresAt: null, secretChangedAt: expect.any(String) });
  });
});

describe('deliveries', () => {
  it('POSTs each event once, signed, with its stable id, and no more personal data than needed', async () => {
    const admin = ctx.newUser({ admin: true });
    const { id: subscriptionId, secret } = await subscribeWebhook(ctx, admin, `${receiver.origin}/signed`, ['PURCHASE_COMPLETED', 'USER_REGISTERED']);
    const purchase = await ctx.publish('commerce.purchase.completed', purchaseCompleted({ buyerEmail: 'awa.buyer@example.com', buyerName: 'Awa Diallo' }));
    const sent = purchase.data as Record<string, unknown>;
    const hooks = await until(() => (receiver.on('/signed').length ? receiver.on('/signed') : null), 'the delivery');
    const hook = hooks[0]!;
    expect(verifySignature(secret, hook)).toBe(true);
    expect(verifySignature('whsec_wrong', hook)).toBe(false);
    expect(Math.abs(Number(hook.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(hook.body).toMatchObject({ id: hook.id, type: 'purchase.completed', data: { orderId: sent.orderId, customerId: sent.buyerId } });
    expect(hook.raw).not.toMatch(/awa\.buyer|Diallo/);
    // The same event delivered again by NATS (a redelivery): nothing more.
    await ctx.publish('commerce.purchase.completed', sent, purchase.id);
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID(), email: 'new.user@example.com' }));
    await until(() => (receiver.on('/signed').length >= 2 ? true : null), 'the registration');
    await new Promise((r) => setTimeout(r, 1500));
    const got = receiver.on('/signed');
    expect(got.map((h) => h.body.type).sort()).toEqual(['purchase.completed', 'user.registered']);
    expect(got[1]!.raw).not.toContain('new.user@example.com');
    const log = await until(async () => {
      const list = await webhookDeliveries(ctx, admin, subscriptionId);
      return list.length === 2 && list.every((d) => d.status === 'SUCCEEDED') ? list : null;
    }, 'both deliveries settled');
    expect(log.map((d) => d.id).sort()).toEqual(got.map((h) => h.id).sort());
    expect(log[0]!.log).toEqual([expect.objectContaining({ attempt: 1, succeeded: true, responseCode: 200, error: null })]);
  });

  it('retries after 500s with back-off, the same delivery id each time, and logs every attempt', async () => {
    const admin = ctx.newUser({ admin: true });
    let failures = 2;
    receiver.respond((h) => (h.path === '/flaky' && failures-- > 0 ? 500 : 200));
    const { id: subscriptionId, secret } = await subscribeWebhook(ctx, admin, `${receiver.origin}/flaky`, ['USER_REGISTERED']);
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID() }));
    const [delivery] = await until(async () => {
      const list = await webhookDeliveries(ctx, admin, subscriptionId);
      return list[0]?.status === 'SUCCEEDED' ? list : null;
    }, 'the delivery to succeed on its third attempt');
    expect(delivery!.log.map((a) => [a.attempt, a.succeeded, a.responseCode])).toEqual([
      [1, false, 500],
      [2, false, 500],
      [3, true, 200],
    ]);
    expect(delivery!.log[0]!.error).toMatch(/500/);
    const hooks = receiver.on('/flaky');
    expect(hooks).toHaveLength(3);
    expect(new Set(hooks.map((h) => h.id))).toEqual(new Set([delivery!.id]));
    expect(hooks.every((h) => verifySignature(secret, h))).toBe(true);
    expect(hooks[1]!.at - hooks[0]!.at).toBeGreaterThanOrEqual(150);
    expect(hooks[2]!.at - hooks[1]!.at).toBeGreaterThanOrEqual(350);
  });

  it('pauses a subscription after failed deliveries in a row and mails its administrator; « Renvoyer » and resuming deliver', async () => {
    const { admin, email } = await adminUser(ctx);
    receiver.respond((h) => (h.path === '/down' ? 500 : 200));
    const { id: subscriptionId } = await subscribeWebhook(ctx, admin, `${receiver.origin}/down`, ['USER_REGISTERED']);
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID() }));
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID() }));
    const [mail] = await ctx.mailsTo(email, 1, 20_000);
    expect(mail!.subject).toBe('Webhook mis en pause');
    expect(mail!.text).toContain(`${receiver.origin}/down`);
    const failed = await webhookDeliveries(ctx, admin, subscriptionId);
    expect(failed.map((d) => [d.status, d.attempts])).toEqual([
      ['FAILED', 3],
      ['FAILED', 3],
    ]);
    const [sub] = (await ctx.sql.query(`SELECT status, paused_reason, consecutive_failures FROM messaging.webhook_subscriptions WHERE id = $1`, [subscriptionId])).rows;
    expect(sub).toMatchObject({ status: 'paused', consecutive_failures: 2 });
    // Paused: a new event makes no delivery.
    await ctx.publish('identity.user.registered', userRegistered({ userId: randomUUID() }));
    await new Promise((r) => setTimeout(r, 1500));
    expect(await webhookDeliveries(ctx, admin, subscriptionId)).toHaveLength(2);

    // The receiver is fixed; the administrator resumes it and sends one failed delivery again.
    receiver.respond(() => 200);
    const before = receiver.on('/down').length;
    const resumed = await ctx.as(admin).gql(SET_WEBHOOK_ACTIVE, { id: subscriptionId, active: true });
    expect(resumed.data!.adminSetWebhookSubscriptionActive.subscription).toMatchObject({ status: 'ACTIVE', consecutiveFailures: 0 });
    const retried = await ctx.as(admin).gql(RETRY_WEBHOOK, { id: failed[0]!.id });
    expect(retried.data!.adminRetryWebhookDelivery).toMatchObject({ delivery: { id: failed[0]!.id, status: 'PENDING' }, error: null });
    const again = await until(() => {
      const got = receiver.on('/down').slice(before);
      return got.length ? got : null;
    }, 'the delivery sent again');
    expect(again.map((h) => h.id)).toEqual([failed[0]!.id]);
    const after = await until(async () => {
      const list = await webhookDeliveries(ctx, admin, subscriptionId);
      return list.find((d) => d.id === failed[0]!.id)?.status === 'SUCCEEDED' ? list : null;
    }, 'the retried delivery to succeed');
    expect(after.find((d) => d.id === failed[0]!.id)!.log.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(after.find((d) => d.id === failed[1]!.id)!.status).toBe('FAILED');
    expect((await ctx.as(ctx.newUser()).gql(RETRY_WEBHOOK, { id: failed[1]!.id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
