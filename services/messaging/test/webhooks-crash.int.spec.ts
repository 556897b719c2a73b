import { builtService, userRegistered, purchaseCompleted } from '@lbf/service-kit/testing';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startMessaging, type RunningMessaging } from '../src/app';
import type { MessagingConfig } from '../src/config';
import { deliveryIdOf } from '../src/webhooks/rules';
import { subscribeWebhook } from './factories/webhooks';
import { messagingHarness, type MessagingHarness } from './harness';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/**
 * A crash of the delivering process (issue 24 point 5): messaging's first replica runs the built
 * service (dist/) as a process of its own; the receiver kills it (SIGKILL) the moment the fourth
 * delivery of the crash test reaches it, before answering, while its other jobs and events are in flight. A second
 * replica then takes over: BullMQ puts the dead worker's jobs back (short lock and stalled check),
 * NATS redelivers the events it had not acknowledged (their inbox rows say which were applied), the
 * sweep dispatches deliveries whose job was never queued. Each event's delivery id reaches the
 * receiver at least once, and the distinct ids are exactly the events. Before that, without a crash
 * (the first test), each event's delivery reaches it exactly once.
 */
type Replica = RunningMessaging & { proc?: ChildProcess };
const EVENTS = 20;

let receiver: WebhookReceiver;
let h: MessagingHarness;

beforeAll(async () => {
  const startChild = builtService<MessagingConfig>(join(__dirname, '..'), 'startMessaging');
  receiver = await startWebhookReceiver();
  let replicas = 0;
  h = await messagingHarness({
    config: {
      webhooks: { allowPrivateTargets: true, trustedCa: receiver.ca, attempts: 8, retryDelayMs: 300, sweepMs: 1000 },
      jobRecovery: { lockMs: 5000, renewMs: 1000, stalledCheckMs: 1000, maxStalled: 5 },
    },
    start: async (cfg) => (replicas++ === 0 ? ((await startChild(cfg)) as unknown as Replica) : startMessaging(cfg)),
  });
}, 240_000);

afterAll(async () => {
  await h?.teardown();
  await receiver?.stop();
});

it('delivers each event exactly once when nothing crashes', async () => {
  const admin = h.newUser({ admin: true });
  const { id: subscriptionId } = await subscribeWebhook(h, admin, `${receiver.origin}/calm`, ['PURCHASE_COMPLETED']);
  const eventIds: string[] = [];
  for (let i = 0; i < EVENTS; i++) eventIds.push((await h.publish('commerce.purchase.completed', purchaseCompleted())).id);
  await h.until(() => (receiver.on('/calm').length >= EVENTS ? true : null), 60_000, 'every purchase delivered');
  await new Promise((r) => setTimeout(r, 3000));
  const ids = receiver.on('/calm').map((x) => x.id);
  expect(ids).toHaveLength(EVENTS);
  expect([...ids].sort()).toEqual(eventIds.map((e) => deliveryIdOf(e, subscriptionId)).sort());
}, 120_000);

it('delivers every event at least once through a kill -9 of the delivering process, none lost', async () => {
  const admin = h.newUser({ admin: true });
  const child = (h.app as Replica).proc!;
  const { id: subscriptionId } = await subscribeWebhook(h, admin, `${receiver.origin}/crash`, ['USER_REGISTERED']);
  let killedAt = 0;
  receiver.respond((hook) => {
    if (hook.path !== '/crash') return 200;
    if (!killedAt && receiver.on('/crash').length >= 4) {
      killedAt = Date.now();
      child.kill('SIGKILL');
      return 'hang';
    }
    return 200;
  });
  const eventIds: string[] = [];
  for (let i = 0; i < EVENTS; i++) eventIds.push((await h.publish('identity.user.registered', userRegistered({ userId: randomUUID() }))).id);
  await h.until(() => (killedAt ? true : null), 60_000, 'the first replica killed mid-delivery');
  await new Promise((res) => (child.exitCode !== null || child.signalCode !== null ? res(null) : child.once('exit', res)));
  const receivedBeforeTakeover = receiver.on('/crash').length;
  await h.start();
  const expected = eventIds.map((e) => deliveryIdOf(e, subscriptionId)).sort();
  const ids = await h.until(() => {
    const distinct = [...new Set(receiver.on('/crash').map((x) => x.id))].sort();
    return distinct.length >= EVENTS ? distinct : null;
  }, 120_000, 'every event delivered after the takeover');
  expect(ids).toEqual(expected);
  const rows = (await h.sql.query(`SELECT status, count(*)::int AS n FROM messaging.webhook_deliveries WHERE subscription_id = $1 GROUP BY status`, [subscriptionId])).rows;
  await h.until(async () => {
    const r = (await h.sql.query(`SELECT count(*)::int AS n FROM messaging.webhook_deliveries WHERE subscription_id = $1 AND status = 'succeeded'`, [subscriptionId])).rows[0];
    return r.n === EVENTS ? true : null;
  }, 30_000, 'every delivery settled');
  const total = receiver.on('/crash').length;
  process.stdout.write(`webhook crash: ${receivedBeforeTakeover} requests before the kill, ${total} in all for ${EVENTS} events (${total - EVENTS} sent again); rows ${JSON.stringify(rows)}\n`);
}, 240_000);
