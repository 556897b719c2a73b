import { z } from 'zod';
import { defineEvent, pastVersion } from './define';
import { makeEnvelope } from './envelope';
import { events, isSensitiveSubject, sensitiveSubjects } from './registry';
import { inboxRetentionMs } from './stream';
import { decodeEnvelope, validateData } from './validate';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value));

const registeredV1 = {
  userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10',
  email: 'awa@exemple.test',
  firstName: 'Awa',
  lastName: 'Ndiaye',
  phone: null,
  registeredAt: '2026-11-20T10:00:00.000Z',
};

const viewedV1 = {
  videoId: '0b5c2a8e-3f1d-4c6b-9a7e-5d4c3b2a1f00',
  userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10',
  viewedOn: '2026-11-20',
  mode: 'PREVIEW' as const,
  occurredAt: '2026-11-20T10:00:00.000Z',
};

describe('catalogue.video.viewed v1 -> v2', () => {
  it('is written at v2, by a user or by a signed-out visitor, never both nor neither', () => {
    expect(events['catalogue.video.viewed'].version).toBe(2);
    expect(validateData('catalogue.video.viewed', { ...viewedV1, visitorId: null })).toMatchObject({ userId: viewedV1.userId, visitorId: null });
    expect(validateData('catalogue.video.viewed', { ...viewedV1, userId: null, visitorId: 'visiteur-1234' })).toMatchObject({ userId: null, visitorId: 'visiteur-1234' });
    expect(() => validateData('catalogue.video.viewed', { ...viewedV1, visitorId: 'visiteur-1234' })).toThrow();
    expect(() => validateData('catalogue.video.viewed', { ...viewedV1, userId: null, visitorId: null })).toThrow();
    expect(() => validateData('catalogue.video.viewed', { ...viewedV1, userId: null, visitorId: 'a:b' })).toThrow();
  });

  it('reads a stored v1 event as a signed-in viewer’s', () => {
    const v1 = makeEnvelope({ subject: 'catalogue.video.viewed', version: 1, producer: 'catalogue', data: viewedV1 });
    expect(decodeEnvelope(encode(v1))).toEqual({ ok: true, storedVersion: 1, envelope: { ...v1, version: 2, data: { ...viewedV1, visitorId: null } } });
  });
});

describe('identity.user.registered v1 -> v2', () => {
  it('is written at v2 by producers, with how the account came to exist', () => {
    expect(events['identity.user.registered'].version).toBe(2);
    expect(() => validateData('identity.user.registered', registeredV1)).toThrow();
    expect(validateData('identity.user.registered', { ...registeredV1, origin: 'admin-command' })).toMatchObject({ origin: 'admin-command' });
  });

  it('reads a stored v1 event as a v2 sign-up, for a consumer written for v2', () => {
    const v1 = makeEnvelope({ subject: 'identity.user.registered', version: 1, producer: 'identity', data: registeredV1 });
    const decoded = decodeEnvelope(encode(v1));
    expect(decoded).toEqual({
      ok: true,
      storedVersion: 1,
      envelope: { ...v1, version: 2, data: { ...registeredV1, origin: 'sign-up' } },
    });
  });

  it('validates a v1 event against the v1 schema before upcasting it', () => {
    const bad = makeEnvelope({ subject: 'identity.user.registered', version: 1, producer: 'identity', data: { ...registeredV1, email: 'pas-un-email' } });
    expect(decodeEnvelope(encode(bad))).toMatchObject({ ok: false, reason: expect.stringContaining('bad payload for identity.user.registered v1') });
  });

  it('upcasts a v1 event whatever extra fields it carries: v1 had no origin, so it is a sign-up', () => {
    // A v1 payload with an unknown extra `origin` is stripped by the v1 schema, then upcast: the result is a sign-up.
    const odd = makeEnvelope({ subject: 'identity.user.registered', version: 1, producer: 'identity', data: { ...registeredV1, origin: 'admin-command' } });
    const decoded = decodeEnvelope(encode(odd));
    expect(decoded.ok && decoded.envelope.data).toMatchObject({ origin: 'sign-up' });
  });
});

describe('declaring versions', () => {
  const a = z.object({ n: z.number() });
  const b = z.object({ n: z.number(), m: z.number() });
  const c = z.object({ total: z.number() });

  it('runs a chain of upcasters from any past version to the current one', () => {
    const def = defineEvent({
      subject: 'test.thing.happened',
      version: 3,
      schema: c,
      past: [pastVersion(2, b, c, (d) => ({ total: d.n + d.m })), pastVersion(1, a, b, (d) => ({ ...d, m: 10 }))],
    });
    expect(def.past.map((p) => p.version)).toEqual([1, 2]);
    let data: unknown = { n: 1 };
    for (const step of def.past) data = step.upcast(step.schema.parse(data));
    expect(c.parse(data)).toEqual({ total: 11 });
  });

  it('refuses a history with a gap, at import rather than in a consumer', () => {
    expect(() => defineEvent({ subject: 'test.thing.happened', version: 3, schema: c, past: [pastVersion(1, a, b, (d) => ({ ...d, m: 0 }))] })).toThrow(
      /consecutively/,
    );
  });
});

describe('sensitive subjects', () => {
  it('marks the password-reset request, whose link carries a secret, with a short stream retention', () => {
    expect(isSensitiveSubject('identity.password_reset.requested')).toBe(true);
    expect(isSensitiveSubject('identity.user.registered')).toBe(false);
    expect(sensitiveSubjects()).toEqual(expect.arrayContaining([{ subject: 'identity.password_reset.requested', retentionMs: 2 * 60 * 60 * 1000 }]));
  });

  it('marks each data export part, the person’s data itself, with a stream retention of one day', () => {
    const day = 24 * 60 * 60 * 1000;
    const parts = ['identity', 'catalogue', 'commerce', 'messaging', 'analytics'].map((s) => ({ subject: `${s}.user.export_part_ready`, retentionMs: day }));
    // A gift's claim link (commerce.gift.sent) carries its token: kept a day too.
    expect(sensitiveSubjects()).toEqual([{ subject: 'identity.password_reset.requested', retentionMs: 2 * 60 * 60 * 1000 }, ...parts, { subject: 'commerce.gift.sent', retentionMs: day }]);
    expect(isSensitiveSubject('identity.user.export_requested')).toBe(false);
  });
});

describe('inbox retention', () => {
  it('outlives the stream: an event can come back only while the stream stores it', () => {
    const day = 24 * 3600 * 1000;
    expect(inboxRetentionMs(30 * day)).toBe(31 * day);
  });
});
