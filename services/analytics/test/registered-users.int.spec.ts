import { publishEnvelope, type Envelope } from '@lbf/proto-events';
import { until } from '@lbf/service-kit/testing';
import type { JetStreamClient, JetStreamManager } from 'nats';
import { COUNTERS_CONSUMER } from '../src/users/consumers';
import { registration } from './factories/users';
import { setupAnalytics, type AnalyticsHarness } from './harness';

let t: AnalyticsHarness;
let js: JetStreamClient;
let jsm: JetStreamManager;

beforeAll(async () => {
  // Three deliveries before parking keeps the parking test to a couple of seconds of back-off.
  t = await setupAnalytics({ eventMaxDeliver: 3 });
  js = t.nc.jetstream();
  jsm = await t.nc.jetstreamManager();
});

afterAll(async () => {
  await t?.teardown();
});

function userRegistered(): Envelope {
  return t.ev.envelope('identity.user.registered', registration());
}

/** Publishes raw bytes on identity.user.registered with a message id of its own; returns the stream sequence. */
function publishRaw(body: unknown): Promise<number> {
  return t.ev.publishRaw('identity.user.registered', body);
}

/** Waits until the counters consumer has acknowledged (or terminated) everything up to `seq`. */
async function consumerPassed(seq: number): Promise<void> {
  await until(
    async () => {
      const info = await jsm.consumers.info(t.stream.stream, COUNTERS_CONSUMER);
      return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0;
    },
    5000,
    `the consumer to pass stream sequence ${seq}`,
  );
}

async function inboxRows(eventId: string): Promise<number> {
  const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.inbox WHERE consumer = $1 AND event_id = $2`, [COUNTERS_CONSUMER, eventId]);
  return rows[0].n as number;
}

async function countersUpdatesInOutbox(): Promise<number> {
  const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.outbox WHERE subject = 'analytics.counters.updated'`);
  return rows[0].n as number;
}

describe('registered users counter', () => {
  it('goes up by one for each identity.user.registered, and a redelivered event counts once', async () => {
    const before = await t.counters();
    const updatesBefore = await countersUpdatesInOutbox();
    const envelope = userRegistered();

    await publishEnvelope(js, t.stream.prefix, envelope);
    await until(async () => (await t.counters()).registeredUsers === before.registeredUsers + 1, 5000, 'registered users to go up');

    // Same event, new message id: JetStream stores it again, as it would after a redelivery.
    const again = await publishRaw(envelope);
    await consumerPassed(again);

    expect((await t.counters()).registeredUsers).toBe(before.registeredUsers + 1);
    expect(await inboxRows(envelope.id)).toBe(1);
    expect((await countersUpdatesInOutbox()) - updatesBefore).toBe(1);
  });

  it('parks an event with a bad payload at once, with its reason, without blocking the next valid one', async () => {
    const before = await t.counters();
    const deliveriesBefore = (await jsm.consumers.info(t.stream.stream, COUNTERS_CONSUMER)).delivered.consumer_seq;

    const bad = { ...userRegistered(), data: { userId: 'pas-un-uuid', email: 'pas-un-email' } };
    const badSeq = await publishRaw(bad);
    const good = userRegistered();
    await publishRaw(good);

    await until(async () => (await inboxRows(good.id)) === 1, 5000, 'the valid event to be applied');
    expect((await t.counters()).registeredUsers).toBe(before.registeredUsers + 1);
    // Each delivered once: the bad one was not sent back for a retry (it can never succeed) and had no effect,
    // but it was not dropped unseen either: it waits in parked_events with why.
    expect((await jsm.consumers.info(t.stream.stream, COUNTERS_CONSUMER)).delivered.consumer_seq - deliveriesBefore).toBe(2);
    expect(await inboxRows(bad.id)).toBe(0);
    const { rows } = await t.sql.query(`SELECT consumer, kind, subject, error, stream_seq FROM analytics.parked_events WHERE event_id = $1`, [bad.id]);
    expect(rows).toEqual([
      { consumer: COUNTERS_CONSUMER, kind: 'invalid', subject: 'identity.user.registered', error: expect.stringContaining('bad payload'), stream_seq: String(badSeq) },
    ]);
  });

  it('counts a v1 identity.user.registered still stored in the stream (read by a consumer written for v2)', async () => {
    const before = await t.counters();
    const v2 = userRegistered();
    const { origin: _origin, ...v1data } = v2.data as Record<string, unknown>;
    const v1 = { ...v2, version: 1, data: v1data };
    await publishRaw(v1);
    await until(async () => (await inboxRows(v1.id)) === 1, 5000, 'the v1 event to be applied');
    expect((await t.counters()).registeredUsers).toBe(before.registeredUsers + 1);
  });

  it('parks an event whose effect keeps failing, changing nothing, and carries on with the next', async () => {
    const before = await t.counters();
    const role = 'lbf_analytics';
    await t.sql.query(`REVOKE INSERT, UPDATE ON analytics.counters FROM ${role}`);
    const failing = userRegistered();
    try {
      await publishEnvelope(js, t.stream.prefix, failing);
      const parked = await until(
        async () => (await t.sql.query(`SELECT consumer, subject, error FROM analytics.parked_events WHERE event_id = $1`, [failing.id])).rows[0],
        10_000,
        'the failing event to be parked',
      );
      expect(parked).toMatchObject({ consumer: COUNTERS_CONSUMER, subject: 'identity.user.registered' });
      expect(parked.error).toMatch(/permission denied/);
    } finally {
      await t.sql.query(`GRANT INSERT, UPDATE ON analytics.counters TO ${role}`);
    }
    expect(await inboxRows(failing.id)).toBe(0);
    expect((await t.counters()).registeredUsers).toBe(before.registeredUsers);

    const next = userRegistered();
    await publishEnvelope(js, t.stream.prefix, next);
    await until(async () => (await t.counters()).registeredUsers === before.registeredUsers + 1, 5000, 'the next event to be counted');
  }, 20_000);
});
