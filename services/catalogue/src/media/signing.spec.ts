import { MediaSigner } from './signing';

const signer = new MediaSigner('un-secret-de-test-assez-long');
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const exp = now / 1000 + 600;

describe('signed media URLs', () => {
  it('accepts an untouched signature before it expires', () => {
    const sig = signer.signRead('videos', 'a.mp4', exp);
    expect(signer.verifyRead('videos', 'a.mp4', exp, '', sig, now)).toBe('ok');
  });

  it('refuses an expired URL', () => {
    const sig = signer.signRead('videos', 'a.mp4', exp);
    expect(signer.verifyRead('videos', 'a.mp4', exp, '', sig, now + 601_000)).toBe('expired');
  });

  it('refuses a URL edited to another object, expiry or disposition', () => {
    const sig = signer.signRead('videos', 'a.mp4', exp);
    expect(signer.verifyRead('videos', 'b.mp4', exp, '', sig, now)).toBe('invalid');
    expect(signer.verifyRead('pdfs', 'a.mp4', exp, '', sig, now)).toBe('invalid');
    expect(signer.verifyRead('videos', 'a.mp4', exp + 3600, '', sig, now)).toBe('invalid');
    expect(signer.verifyRead('videos', 'a.mp4', exp, 'a.mp4', sig, now)).toBe('invalid');
    expect(new MediaSigner('un-autre-secret-assez-long').verifyRead('videos', 'a.mp4', exp, '', sig, now)).toBe('invalid');
  });

  it('round-trips an upload grant and refuses a tampered or expired one', () => {
    const grant = { bucket: 'videos', key: 'k.mp4', max: 10, kind: 'VIDEO' as const, exp };
    const token = signer.signUpload(grant);
    expect(signer.verifyUpload(token, now)).toEqual({ ok: true, grant });
    expect(signer.verifyUpload(token, now + 601_000)).toEqual({ ok: false, reason: 'expired' });
    const [, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...grant, max: 10 ** 12 })).toString('base64url')}.${sig}`;
    expect(signer.verifyUpload(forged, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verifyUpload('pas.un.jeton', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('round-trips a stream grant and refuses a tampered, expired or cross-purpose one', () => {
    const grant = { videoId: 'v1', version: 2, scope: 'preview' as const, userId: 'u1', sessionId: 's1', iat: exp - 600, exp };
    const token = signer.signStream(grant);
    expect(signer.verifyStream(token, now)).toEqual({ ok: true, grant });
    expect(signer.verifyStream(token, now + 601_000)).toEqual({ ok: false, reason: 'expired' });
    const [, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...grant, scope: 'full' })).toString('base64url')}.${sig}`;
    expect(signer.verifyStream(forged, now)).toEqual({ ok: false, reason: 'invalid' });
    // An upload token is signed under another purpose: never a stream token, even with a stream-shaped body.
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    const upload = signer.signUpload(grant as never);
    expect(upload.startsWith(body)).toBe(true);
    expect(signer.verifyStream(upload, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(new MediaSigner('un-autre-secret-assez-long').verifyStream(token, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
