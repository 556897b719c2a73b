import { makeEnvelope } from './envelope';
import { decodeEnvelope, validateData } from './validate';

const registered = {
  userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10',
  email: 'awa@exemple.test',
  firstName: 'Awa',
  lastName: 'Ndiaye',
  phone: '+237690000001',
  registeredAt: new Date().toISOString(),
  origin: 'sign-up',
};

const encode = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('decoding an event from the stream', () => {
  it('accepts a well-formed envelope of a known subject and version', () => {
    const env = makeEnvelope({ subject: 'identity.user.registered', version: 2, producer: 'identity', data: registered });
    const decoded = decodeEnvelope(encode(env));
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(decoded.envelope.data).toEqual(registered);
  });

  it('refuses bytes that are not JSON', () => {
    expect(decodeEnvelope(Buffer.from('{nope'))).toEqual({ ok: false, reason: 'not JSON' });
  });

  it('refuses an unknown subject', () => {
    const env = makeEnvelope({ subject: 'identity.user.exploded', version: 1, producer: 'identity', data: {} });
    expect(decodeEnvelope(encode(env))).toMatchObject({ ok: false, reason: expect.stringContaining('unknown subject') });
  });

  it('refuses a version the contract does not know, rather than misreading it', () => {
    const env = makeEnvelope({ subject: 'identity.user.registered', version: 3, producer: 'identity', data: registered });
    expect(decodeEnvelope(encode(env))).toMatchObject({ ok: false, reason: expect.stringContaining('unsupported version 3') });
  });

  it('refuses a payload that does not match its schema', () => {
    const env = makeEnvelope({ subject: 'identity.user.registered', version: 2, producer: 'identity', data: { ...registered, email: 'pas-un-email' } });
    expect(decodeEnvelope(encode(env))).toMatchObject({ ok: false, reason: expect.stringContaining('bad payload') });
  });

  it('refuses an envelope without an id', () => {
    const { id: _id, ...rest } = makeEnvelope({ subject: 'identity.user.registered', version: 2, producer: 'identity', data: registered });
    expect(decodeEnvelope(encode(rest))).toMatchObject({ ok: false, reason: expect.stringContaining('bad envelope') });
  });
});

describe('validating a payload before it is written to an outbox', () => {
  it('throws on a payload consumers would park', () => {
    expect(() => validateData('analytics.counters.updated', { registeredUsers: -1, visitsToday: 0, day: '2026-11-22' })).toThrow();
  });

  it('returns the parsed payload when valid', () => {
    expect(validateData('analytics.counters.updated', { registeredUsers: 3, visitsToday: 9, day: '2026-11-22' })).toEqual({
      registeredUsers: 3,
      visitsToday: 9,
      day: '2026-11-22',
    });
  });
});
