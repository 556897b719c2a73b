import { ensureStream, makeEnvelope, natsSubject, publishEnvelope, type Envelope } from '@lbf/proto-events';
import { createTestDatabase, testStream, until, userRegistered, type TestDatabase, type TestStream } from '@lbf/service-kit/testing';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import {
  connectEventBus,
  createLogger,
  createServiceDataSource,
  listParkedEvents,
  migrate,
  OutboxRelay,
  pruneMessagingTables,
  purgeSensitiveSubjects,
  runEventsMaintenance,
  requestReplay,
  startIdempotentConsumer,
  UnitOfWork,
  type EventBus,
} from '../src';
import { runEventsCommand } from '../src/cli/events';

/** The kit's tables in a schema of this file's own, in its own database copy, on its own stream. */
let db: TestDatabase;
let stream: TestStream;
let ds: DataSource;
let sql: Client;
let bus: EventBus;
let nc: NatsConnection;
let jsm: JetStreamManager;
const log = createLogger('kit-test', 'silent');

beforeAll(async () => {
  db = await createTestDatabase();
  stream = testStream();
  sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
  await sql.query('CREATE SCHEMA kit_test');
  await sql.query('SET search_path TO kit_test');
  ds = createServiceDataSource({ url: db.adminUrl, schema: 'kit_test', entities: [], migrations: [] });
  await ds.initialize();
  await migrate(ds);
  bus = await connectEventBus({ url: 'nats://127.0.0.1:4222', stream: stream.stream, prefix: stream.prefix, name: 'kit-test', log, maxBytes: 8 * 1024 * 1024 });
  nc = await connect({ servers: 'nats://127.0.0.1:4222' });
  jsm = await nc.jetstreamManager();
});

afterAll(async () => {
  await bus?.close();
  await nc?.close();
  await ds?.destroy();
  await sql?.end();
  await stream?.remove();
  await db?.drop();
});

function registered(version = 2): Envelope {
  // Version 1 had no origin (its upcaster adds it).
  const { origin: _none, ...v1 } = userRegistered({ origin: 'admin-command' });
  const data: Record<string, unknown> = version === 2 ? { ...v1, origin: 'admin-command' } : v1;
  return makeEnvelope({ subject: 'identity.user.registered', version, producer: 'identity', data });
}

const parked = async (eventId: string) => (await sql.query('SELECT * FROM parked_events WHERE event_id = $1', [eventId])).rows;

describe('a consumer of the current version', () => {
  it('handles a v1 event stored in the stream as v2, upcast', async () => {
    const seen: Envelope[] = [];
    const uow = new UnitOfWork(ds, 'kit-test');
    const consumer = await startIdempotentConsumer({
      bus,
      uow,
      log,
      durable: 'kit-upcast',
      subjects: ['identity.user.registered'],
      handle: async (e) => void seen.push(e),
    });
    try {
      const v1 = registered(1);
      await publishEnvelope(bus.js, stream.prefix, v1);
      const got = await until(() => seen.find((e) => e.id === v1.id), 5000, 'the v1 event');
      expect(got).toMatchObject({ version: 2, data: { ...(v1.data as object), origin: 'sign-up' } });
    } finally {
      await consumer.stop();
    }
  });
});

describe('parking and replay', () => {
  it('parks an event whose handler keeps failing, then a replay applies it once and marks it replayed', async () => {
    const uow = new UnitOfWork(ds, 'kit-test');
    let broken = true;
    const applied: string[] = [];
    const event = registered();
    const consumer = await startIdempotentConsumer({
      bus,
      uow,
      log,
      durable: 'kit-replay',
      subjects: ['identity.user.registered'],
      maxDeliver: 2,
      replayPollMs: 100,
      handle: async (e) => {
        if (e.id !== event.id) return; // earlier tests' events on the same stream
        if (broken) throw new Error('le service de courrier ne répond pas');
        applied.push(e.id);
      },
    });
    try {
      await publishEnvelope(bus.js, stream.prefix, event);
      const [row] = await until(async () => {
        const rows = await parked(event.id);
        return rows.length ? rows : null;
      }, 10_000, 'the failing event to be parked');
      expect(row).toMatchObject({ consumer: 'kit-replay', kind: 'handler-failed', deliveries: 2, replayed_at: null });
      expect(row.error).toContain('le service de courrier ne répond pas');

      broken = false;
      const listed = await listParkedEvents(sql, { consumer: 'kit-replay' });
      expect(listed.map((p) => p.id)).toEqual([row.id]);
      const parkedOut: string[] = [];
      expect(await runEventsCommand(['parked', '--service', 'kit_test'], sql, (l) => parkedOut.push(l))).toBe(0);
      expect(parkedOut.join('\n')).toMatch(new RegExp(`#${row.id}  kit-replay  identity.user.registered  handler-failed  parked[\\s\\S]*reason: Error: le service`));

      // npm run events -- replay --service … --id …: the running consumer applies it and the command reports it.
      const out: string[] = [];
      expect(await runEventsCommand(['replay', '--service', 'kit_test', '--id', row.id, '--wait', '5'], sql, (l) => out.push(l))).toBe(0);
      expect(out.join('\n')).toContain(`#${row.id}  kit-replay  identity.user.registered  handler-failed  replayed (applied)`);
      expect(applied).toEqual([event.id]);

      // Asking again replays nothing: the row is kept, marked replayed, and the inbox holds the event once.
      expect(await requestReplay(sql, { all: true, consumer: 'kit-replay' })).toEqual([]);
      expect((await sql.query('SELECT count(*)::int AS n FROM inbox WHERE event_id = $1', [event.id])).rows[0].n).toBe(1);
      expect(await listParkedEvents(sql, { consumer: 'kit-replay' })).toEqual([]);
      expect(await listParkedEvents(sql, { consumer: 'kit-replay', includeReplayed: true })).toHaveLength(1);
    } finally {
      await consumer.stop();
    }
  }, 20_000);

  it('parks a message that is not even JSON, and never terminates a message it could not park', async () => {
    const uow = new UnitOfWork(ds, 'kit-test');
    await sql.query('ALTER TABLE parked_events RENAME TO parked_events_away');
    let restored = false;
    const consumer = await startIdempotentConsumer({ bus, uow, log, durable: 'kit-garbage', subjects: ['identity.user.banned'], handle: async () => undefined });
    try {
      const ack = await bus.js.publish(natsSubject(stream.prefix, 'identity.user.banned'), Buffer.from('{pas du json'));
      // Parking cannot work: the message is nak'ed, not terminated, and comes back.
      await until(async () => (await jsm.consumers.info(stream.stream, 'kit-garbage')).num_redelivered >= 1, 8000, 'a redelivery');
      expect((await jsm.consumers.info(stream.stream, 'kit-garbage')).ack_floor.stream_seq).toBeLessThan(ack.seq);
      await sql.query('ALTER TABLE parked_events_away RENAME TO parked_events');
      restored = true;
      const row = await until(
        async () => (await sql.query("SELECT * FROM parked_events WHERE consumer = 'kit-garbage'")).rows[0],
        10_000,
        'the garbage to be parked once parking works again',
      );
      expect(row).toMatchObject({ kind: 'invalid', event_id: null, raw: '{pas du json', error: 'not JSON', stream_seq: String(ack.seq) });
    } finally {
      if (!restored) await sql.query('ALTER TABLE parked_events_away RENAME TO parked_events');
      await consumer.stop();
    }
  }, 20_000);
});

describe('retention', () => {
  it('prunes sent outbox rows and inbox rows past their retention, and keeps the rest', async () => {
    await sql.query('DELETE FROM outbox; DELETE FROM inbox');
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await sql.query(
      `INSERT INTO outbox (id, subject, envelope, sent_at) VALUES
        ($1, 'x.y.z', '{}', $4), ($2, 'x.y.z', '{}', now()), ($3, 'x.y.z', '{}', NULL)`,
      [randomUUID(), randomUUID(), randomUUID(), old],
    );
    // An unsent row is never pruned, however old.
    await sql.query(`UPDATE outbox SET created_at = $1 WHERE sent_at IS NULL`, [old]);
    await sql.query(`INSERT INTO inbox (consumer, event_id, subject, processed_at) VALUES ('c', $1, 's', $3), ('c', $2, 's', now())`, [randomUUID(), randomUUID(), old]);
    const result = await pruneMessagingTables(ds, { sentOutboxOlderThanMs: 7 * 24 * 3600 * 1000, inboxOlderThanMs: 31 * 24 * 3600 * 1000, batchSize: 1 });
    expect(result).toMatchObject({ outbox: 1, inbox: 1 });
    expect((await sql.query('SELECT count(*)::int AS n FROM outbox')).rows[0].n).toBe(2);
    expect((await sql.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')).rows[0].n).toBe(1);
    expect((await sql.query('SELECT count(*)::int AS n FROM inbox')).rows[0].n).toBe(1);
  });

  it('gives the stream explicit age and size limits, on creation and on an existing stream', async () => {
    const name = `${stream.stream}_L`;
    const prefix = `${stream.prefix}l`;
    try {
      await ensureStream(jsm, { stream: name, prefix, maxAgeMs: 3600_000, maxBytes: 1024 * 1024 });
      let info = await jsm.streams.info(name);
      expect(info.config).toMatchObject({ max_age: 3600_000 * 1_000_000, max_bytes: 1024 * 1024, discard: 'new' });
      await ensureStream(jsm, { stream: name, prefix, maxAgeMs: 7200_000, maxBytes: 2 * 1024 * 1024 });
      info = await jsm.streams.info(name);
      expect(info.config).toMatchObject({ max_age: 7200_000 * 1_000_000, max_bytes: 2 * 1024 * 1024, subjects: [`${prefix}.>`] });
    } finally {
      await jsm.streams.delete(name).catch(() => undefined);
    }
  });

  it('deletes the outbox row of a password-reset request once published, and marks others sent', async () => {
    await sql.query('DELETE FROM outbox');
    const relay = new OutboxRelay(ds, { publish: bus.publish, log });
    const uow = new UnitOfWork(ds, 'identity');
    const reset = await uow.run(({ emit }) =>
      emit('identity.password_reset.requested', {
        userId: randomUUID(),
        email: 'awa@example.cm',
        firstName: 'Awa',
        resetUrl: 'http://localhost:4000/auth?reset=secret-token',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    );
    const user = await uow.run(({ emit }) => emit('identity.user.registered', registered().data as never));
    expect(await relay.drain()).toBe(2);
    const rows = (await sql.query('SELECT id, sent_at FROM outbox')).rows;
    expect(rows).toEqual([{ id: user.id, sent_at: expect.any(Date) }]);
    const msg = await jsm.streams.getMessage(stream.stream, { last_by_subj: natsSubject(stream.prefix, 'identity.password_reset.requested') });
    expect(msg.json<Envelope>().id).toBe(reset.id);
  });

  it('purges password-reset messages older than their window from the stream, and nothing else', async () => {
    const name = `${stream.stream}_P`;
    const prefix = `${stream.prefix}p`;
    await ensureStream(jsm, { stream: name, prefix, maxBytes: 1024 * 1024 });
    try {
      const js = nc.jetstream();
      const resetSubject = natsSubject(prefix, 'identity.password_reset.requested');
      await js.publish(resetSubject, 'ancien-1');
      await js.publish(resetSubject, 'ancien-2');
      await js.publish(natsSubject(prefix, 'identity.user.registered'), 'autre');
      await new Promise((r) => setTimeout(r, 1200)); // the cut-off below falls between the old and the new messages
      const recent = await js.publish(resetSubject, 'récent');
      expect(await purgeSensitiveSubjects(jsm, name, prefix, 600)).toBe(2);
      const info = await jsm.streams.info(name);
      expect(info.state.messages).toBe(2);
      expect((await jsm.streams.getMessage(name, { last_by_subj: resetSubject })).seq).toBe(recent.seq);
      // Running it again changes nothing.
      expect(await purgeSensitiveSubjects(jsm, name, prefix, 600)).toBe(0);
    } finally {
      await jsm.streams.delete(name).catch(() => undefined);
    }
  });

  it('runs as one maintenance pass: prunes the tables and purges the stream, and a second pass finds nothing', async () => {
    await sql.query(`INSERT INTO inbox (consumer, event_id, subject, processed_at) VALUES ('c', $1, 's', now() - interval '40 days')`, [randomUUID()]);
    // A parked reset request keeps its row and reason, but not the link, once past the subject's window.
    await sql.query(
      `INSERT INTO parked_events (consumer, kind, event_id, subject, envelope, error, deliveries, parked_at)
       VALUES ('messaging-mail', 'handler-failed', $1, 'identity.password_reset.requested', '{"data":{"resetUrl":"http://x/auth?reset=secret"}}', 'smtp down', 8, now() - interval '3 hours')`,
      [randomUUID()],
    );
    const first = await runEventsMaintenance({ ds, bus, log });
    expect(first).toMatchObject({ inbox: 1, parkedRedacted: 1 });
    const { rows } = await sql.query(`SELECT envelope, raw, error, redacted_at FROM parked_events WHERE subject = 'identity.password_reset.requested'`);
    expect(rows).toEqual([{ envelope: null, raw: null, error: 'smtp down', redacted_at: expect.any(Date) }]);
    expect(await runEventsMaintenance({ ds, bus, log })).toEqual({ outbox: 0, inbox: 0, parkedRedacted: 0, streamPurged: 0 });
  });
});
