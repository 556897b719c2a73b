import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadKind } from './upload-rules';
import type { StreamScope } from './processing/hls-layout';

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
    return this.seal('upload', grant);
  }

  verifyUpload(token: string, nowMs = Date.now()): Opened<UploadGrant> {
    return this.open('upload', token, nowMs, (g): g is UploadGrant => typeof (g as Partial<UploadGrant> | null)?.exp === 'number', 'expired');
  }

  /**
   * A playback session's token: it covers every file of one video's version and scope (the URL's
   * path after the token names the file), so playlists keep relative URIs and segments need no
   * signature of their own. base64url(JSON).signature, under its own purpose so an upload token
   * can never pass for it.
   */
  signStream(grant: StreamGrant): string {
    return this.seal('stream', grant);
  }

  verifyStream(token: string, nowMs = Date.now()): Opened<StreamGrant> {
    return this.open('stream', token, nowMs, isStreamGrant, 'invalid');
  }

  /** A grant as a token: base64url(JSON).signature, the signature under the token's purpose. */
  private seal(purpose: string, grant: object): string {
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${body}.${this.mac(purpose, [body])}`;
  }

  /**
   * The grant a sealed token carries, if its signature holds for this purpose, it reads as a grant
   * and it has not expired. A body that does not read as a grant is refused with `malformed`
   * (upload tokens have always called that expired).
   */
  private open<G extends { exp: number }>(
    purpose: string,
    token: string,
    nowMs: number,
    isGrant: (g: unknown) => g is G,
    malformed: 'invalid' | 'expired',
  ): Opened<G> {
    const [body, sig, extra] = token.split('.');
    if (!body || !sig || extra !== undefined || !this.same(this.mac(purpose, [body]), sig)) return { ok: false, reason: 'invalid' };
    let grant: unknown;
    try {
      grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (!isGrant(grant)) return { ok: false, reason: malformed };
    if (grant.exp * 1000 < nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }
}

type Opened<G> = { ok: true; grant: G } | { ok: false; reason: 'invalid' | 'expired' };

/** What a playback session's token grants: one video's files of one version and scope, to one viewer's session. */
export interface StreamGrant {
  videoId: string;
  /** The video's hls_version when the session started: a later rebuild does not change what it names. */
  version: number;
  scope: StreamScope;
  userId: string;
  /** The access token's session (sid): the key route asks for a Bearer of that same session. */
  sessionId: string;
  /** Epoch seconds. */
  iat: number;
  exp: number;
}

function isStreamGrant(g: unknown): g is StreamGrant {
  const x = g as Partial<StreamGrant> | null;
  return (
    !!x &&
    typeof x.videoId === 'string' &&
    Number.isInteger(x.version) &&
    (x.scope === 'full' || x.scope === 'preview') &&
    typeof x.userId === 'string' &&
    typeof x.sessionId === 'string' &&
    typeof x.iat === 'number' &&
    typeof x.exp === 'number'
  );
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
