import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadKind } from '../domain/uploads';

/**
 * HMAC signatures for the local disk adapter's URLs, so /media serves nothing unsigned or expired
 * and a URL cannot be edited into another object, another expiry or another disposition.
 */
export class MediaSigner {
  constructor(private readonly secret: string) {
    if (secret.length < 16) throw new Error('MEDIA_SIGNING_SECRET must be at least 16 characters');
  }

  private mac(purpose: string, parts: string[]): string {
    return createHmac('sha256', this.secret).update([purpose, ...parts].join('\n')).digest('base64url');
  }

  private same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  /** Signature of a read URL: bucket, key, expiry (epoch seconds) and the download name ('' to play inline). */
  signRead(bucket: string, key: string, exp: number, downloadName = ''): string {
    return this.mac('read', [bucket, key, String(exp), downloadName]);
  }

  verifyRead(bucket: string, key: string, exp: number, downloadName: string, sig: string, nowMs = Date.now()): 'ok' | 'expired' | 'invalid' {
    if (!Number.isInteger(exp) || !this.same(this.signRead(bucket, key, exp, downloadName), sig)) return 'invalid';
    return exp * 1000 < nowMs ? 'expired' : 'ok';
  }

  /** An upload token: what may be written where, how big, until when; base64url(JSON).signature. */
  signUpload(grant: UploadGrant): string {
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${body}.${this.mac('upload', [body])}`;
  }

  verifyUpload(token: string, nowMs = Date.now()): { ok: true; grant: UploadGrant } | { ok: false; reason: 'invalid' | 'expired' } {
    const [body, sig, extra] = token.split('.');
    if (!body || !sig || extra !== undefined || !this.same(this.mac('upload', [body]), sig)) return { ok: false, reason: 'invalid' };
    let grant: UploadGrant;
    try {
      grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as UploadGrant;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof grant.exp !== 'number' || grant.exp * 1000 < nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }
}

export interface UploadGrant {
  bucket: string;
  key: string;
  /** Bytes accepted at most; the upload is cut off beyond. */
  max: number;
  /** What the file is for; its first bytes must show the matching content. */
  kind: UploadKind;
  /** Epoch seconds after which the token is refused. */
  exp: number;
}
