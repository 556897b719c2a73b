import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { SIGNATURE_CACHE_MS, verifySignature } from './token-signature-cache';

const pair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { pub: publicKey.export({ type: 'spki', format: 'pem' }).toString(), priv: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
};
const options = { algorithms: ['ES256' as const], issuer: 'lbf-identity', audience: 'lbf' };
const sign = (priv: string, expiresIn: number, sub = 'u1') => jwt.sign({ sub, sid: 's1', roles: [] }, priv, { algorithm: 'ES256', issuer: 'lbf-identity', audience: 'lbf', expiresIn });

describe('verifySignature', () => {
  afterEach(() => jest.useRealTimers());

  it('returns the claims of a valid token, again from memory', () => {
    const { pub, priv } = pair();
    const token = sign(priv, 900);
    expect(verifySignature(token, pub, options).sub).toBe('u1');
    expect(verifySignature(token, pub, options).sub).toBe('u1');
  });

  it('refuses a token signed by another key even when a token with the same claims was remembered', () => {
    const a = pair();
    const b = pair();
    verifySignature(sign(a.priv, 900), a.pub, options);
    expect(() => verifySignature(sign(b.priv, 900), a.pub, options)).toThrow();
    // And the remembered token does not vouch for itself under another key.
    expect(() => verifySignature(sign(a.priv, 900), b.pub, options)).toThrow();
  });

  it('refuses a remembered token once it has expired', () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick'] });
    const { pub, priv } = pair();
    const token = sign(priv, 30);
    expect(verifySignature(token, pub, options).sub).toBe('u1');
    jest.setSystemTime(Date.now() + 31_000);
    expect(() => verifySignature(token, pub, options)).toThrow(/expired/);
  });

  it('checks a remembered token again after the cache window', () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick'] });
    const { pub, priv } = pair();
    const token = sign(priv, 3600);
    verifySignature(token, pub, options);
    const spy = jest.spyOn(jwt, 'verify');
    verifySignature(token, pub, options);
    expect(spy).not.toHaveBeenCalled();
    jest.setSystemTime(Date.now() + SIGNATURE_CACHE_MS + 1);
    verifySignature(token, pub, options);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
