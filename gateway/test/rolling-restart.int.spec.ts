import { subscribe, until, wsClient, type Subscriber } from '@lbf/service-kit/testing';
import { count, NAMES, outcome, startProbeLoad, startReplicatedStack, type ReplicatedStack } from './replicated-stack';

/**
 * Issue 22 §4, a release rolled out under load loses no request: two replicas of every service
 * behind HAProxy (replicated-stack.ts), steady queries and mutations through the gateway, and each
 * service restarted one replica at a time as Kubernetes rolls a Deployment (maxUnavailable 0): SIGTERM,
 * the replica drains (its /ready answers 503 while it serves on for SHUTDOWN_DELAY_MS, HAProxy's
 * checks take it out, in-flight requests, jobs and events finish, subscriptions are closed with
 * 1001 so their clients reconnect to the other replica) and exits 0; it is started again, and the
 * next one goes once it is back in the pool. Then the gateway's two replicas, behind their own
 * HAProxy on the site's port, the same way (a live subscriber reconnects, as the web app does). Not
 * one request may fail, and what the mutations made is there once: each visit counted once, each
 * purchase one order, one payment, one entitlement.
 */
const MTN_TEST_NUMBER = '56733123453';
const RATE = 25;

let rs: ReplicatedStack;
const subscribers: Array<Subscriber<unknown>> = [];

beforeAll(async () => {
  // HAProxy's checks (every 500 ms, two misses) take a draining replica out well within 2 s.
  rs = await startReplicatedStack('rolling', { extraEnv: { SHUTDOWN_DELAY_MS: '2000' }, gatewayReplicas: 2 });
}, 300_000);

afterAll(async () => {
  await Promise.all(subscribers.map((s) => s.stop().catch(() => undefined)));
  await rs?.discard();
}, 60_000);

/** Priced items of the demo catalogue, to buy one by one during the roll. */
async function pricedItems(): Promise<Array<{ id: string; type: 'VIDEO' | 'PDF' }>> {
  const catalog = await rs.must('{ videos(pageSize: 100) { items { id priceCents } } pdfs(pageSize: 100) { items { id priceCents } } }');
  return [
    ...catalog.videos.items.filter((v: { priceCents: number }) => v.priceCents > 0).map((v: { id: string }) => ({ id: v.id, type: 'VIDEO' as const })),
    ...catalog.pdfs.items.filter((p: { priceCents: number }) => p.priceCents > 0).map((p: { id: string }) => ({ id: p.id, type: 'PDF' as const })),
  ];
}

/**
 * Restarts one replica as Kubernetes would: SIGTERM, wait for its exit (its code is returned), start
 * it again, wait for its /ready, then until HAProxy sends it requests again (its own counter, new
 * with the process, moves): only then may the next replica go.
 */
async function restart(name: string): Promise<number | null> {
  const part = rs.stack.parts.get(name)!;
  const exited = new Promise<number | null>((resolve) => part.child.once('exit', (code: number | null) => resolve(code)));
  part.child.kill('SIGTERM');
  const code = await exited;
  rs.stack.respawn(name);
  await until(() => fetch(`http://127.0.0.1:${part.port}/ready`).then((r) => r.ok, () => false), 90_000, `${name} ready again`);
  if (part.service === 'gateway') {
    // The gateway serves no /metrics on its public port: HAProxy's next check (every 500 ms, rise 1)
    // takes it back, well within this.
    await new Promise((r) => setTimeout(r, 1500));
  } else {
    await until(async () => (await rs.metric(part.port, 'lbf_http_requests_total', { route: '/graphql' }).catch(() => 0)) > 0, 30_000, `${name} back in HAProxy's pool`);
  }
  return code;
}

/**
 * Steady load through the gateway until stopped: RATE requests/s, each service's own query in turn,
 * a page visit every fifth (paced by the clock: a busy machine delays timers, the requests due
 * meanwhile are sent at once), and one MTN checkout every 3 s, each for another of `items` (the
 * sandbox confirms it by a callback to commerce). stop() resolves once every request has answered.
 */
function startLoad(items: Array<{ id: string; type: 'VIDEO' | 'PDF' }>) {
  const { gql, tokens } = rs;
  const load = startProbeLoad(rs, { rate: RATE, visitEvery: 5, visitorTag: 'roll', token: tokens.customer });
  const checkouts = outcome();
  const start = 'mutation C($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id } error { code message } } }';
  let bought = 0;
  const buy = setInterval(() => {
    const item = items[bought++];
    if (!item) return;
    load.track(
      count(checkouts, async () => {
        const body = await gql(start, { input: { itemId: item.id, itemType: item.type, method: 'MTN', phone: MTN_TEST_NUMBER, consentImmediateAccess: true, consentHealthData: true } }, tokens.customer);
        return body.data?.startCheckout?.order && !body.data.startCheckout.error && !body.errors ? true : JSON.stringify(body.errors ?? body.data);
      }),
    );
  }, 3000);
  return {
    queries: load.queries,
    visits: load.visits,
    checkouts,
    stop() {
      clearInterval(buy);
      return load.stop();
    },
  };
}

/** Each item bought during the roll is owned, with one completed order, one completed payment, one entitlement. */
async function expectBoughtOnce(boughtItems: Array<{ id: string; type: string }>): Promise<void> {
  const owned = async (item: { id: string; type: string }) =>
    (await rs.must(`query O($id: ID!) { item: ${item.type === 'VIDEO' ? 'video' : 'pdf'}(id: $id) { purchased } }`, { id: item.id }, rs.tokens.customer)).item.purchased === true;
  await until(async () => (await Promise.all(boughtItems.map(owned))).every(Boolean), 30_000, 'every item bought during the roll owned');
  const [me] = await rs.sql<{ id: string }>(`SELECT id FROM identity.users WHERE email = $1`, [rs.stack.demo.customer.email]);
  const orders = await rs.sql<{ item_id: string; orders: number; completed: number; attempts: number }>(
    `SELECT o.item_id, count(*)::int AS orders, count(*) FILTER (WHERE o.status = 'completed')::int AS completed,
            (SELECT count(*)::int FROM commerce.payment_attempts a WHERE a.order_id = ANY(array_agg(o.id)) AND a.status = 'completed') AS attempts
       FROM commerce.orders o WHERE o.buyer_id = $1 GROUP BY o.item_id`,
    [me!.id],
  );
  expect(orders).toHaveLength(boughtItems.length);
  for (const o of orders) expect(o).toEqual({ item_id: o.item_id, orders: 1, completed: 1, attempts: 1 });
  const entitlements = await rs.sql<{ item_id: string; n: number }>(
    `SELECT item_id, count(*)::int AS n FROM catalogue.entitlements WHERE user_id = $1 AND granted_at IS NOT NULL AND revoked_at IS NULL GROUP BY item_id`,
    [me!.id],
  );
  expect(entitlements.map((e) => e.n)).toEqual(boughtItems.map(() => 1));
}

describe('a rolling restart of every service under load', () => {
  it('fails no request, and loses or doubles nothing the mutations made', async () => {
    const items = await pricedItems();
    expect(items.length).toBeGreaterThan(2);
    const counter = async () => (await rs.must('{ liveCounters { visitsToday } }')).liveCounters.visitsToday as number;
    const before = await counter();
    // A live subscriber through the gateway: its upstream is closed (1001) by each draining analytics replica, and its own
    // socket by each draining gateway replica (it reconnects and resubscribes, as the web app does).
    const live = subscribe(wsClient(rs.gatewayUrl.replace(/^http/, 'ws'), undefined, {}, 20), 'subscription { liveCounters { visitsToday } }', (d) => d.liveCounters.visitsToday as number);
    subscribers.push(live as Subscriber<unknown>);
    await until(() => live.values.length > 0, 10_000, 'the counters now');

    const load = startLoad(items);
    const exits: Record<string, number | null> = {};
    let ran: { sent: number; seconds: number };
    try {
      await new Promise((r) => setTimeout(r, 2000));
      for (const service of [...NAMES, 'gateway']) for (const replica of rs.replicasOf(service)) exits[replica.name] = await restart(replica.name);
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      ran = await load.stop();
    }
    const { queries, visits, checkouts } = load;
    const figures = Object.entries(queries).map(([name, c]) => `${name} ${c.failed}/${c.ok + c.failed}`);
    console.log(
      `rolling restart of ${Object.keys(exits).length} replicas in ${ran.seconds.toFixed(0)} s at ${(ran.sent / ran.seconds).toFixed(0)} requests/s: failed queries per service ${figures.join(', ')}; visits ${visits.failed}/${visits.ok + visits.failed}; checkouts ${checkouts.failed}/${checkouts.ok + checkouts.failed}`,
    );

    // Every replica drained and exited by itself (0), within its deadline.
    expect(Object.keys(exits)).toHaveLength(NAMES.length * 2 + 2);
    expect(exits).toEqual(Object.fromEntries(Object.keys(exits).map((name) => [name, 0])));
    for (const [name, c] of Object.entries(queries)) expect({ name, failed: c.failed, errors: c.errors.slice(0, 3) }).toEqual({ name, failed: 0, errors: [] });
    expect({ failed: visits.failed, errors: visits.errors.slice(0, 3) }).toEqual({ failed: 0, errors: [] });
    expect({ failed: checkouts.failed, errors: checkouts.errors.slice(0, 3) }).toEqual({ failed: 0, errors: [] });
    expect(ran.sent).toBeGreaterThan(RATE * 20);
    expect(checkouts.ok).toBeGreaterThan(2);

    // Each acknowledged visit counted once: none lost with a stopping replica, none doubled by a retry.
    await until(async () => (await counter()) >= before + visits.ok, 10_000, 'every visit counted');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await counter()).toBe(before + visits.ok);
    // The subscriber, moved from replica to replica, saw it too, and no error.
    await until(() => live.values.at(-1) === before + visits.ok || null, 15_000, 'the final count on the live subscriber');
    expect(live.errors).toEqual([]);
    await expectBoughtOnce(items.slice(0, checkouts.ok));
  }, 360_000);
});
