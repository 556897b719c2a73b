import { DiscardPolicy, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from 'nats';

export interface StreamOptions {
  /** JetStream stream name; `LBF` in every deployment, a random one per test file. */
  stream: string;
  /** Subject prefix; `lbf` everywhere, so `identity.user.registered` travels on `lbf.identity.user.registered`. */
  prefix: string;
}

export const defaultStreamOptions: StreamOptions = { stream: 'LBF', prefix: 'lbf' };

export function natsSubject(prefix: string, subject: string): string {
  return `${prefix}.${subject}`;
}

/** How much the stream keeps. Both limits are explicit so the broker's disk use is bounded and known. */
export interface StreamLimits {
  /** Messages older than this are deleted by the server. */
  maxAgeMs: number;
  /**
   * Size cap. JetStream reserves it up-front for a file stream, so keep it modest; when it is
   * reached, new publishes are refused (discard: new) and the outboxes hold the events until
   * age frees room: nothing a consumer has not read yet is dropped to make space.
   */
  maxBytes: number;
}

/** 30 days: a new consumer or a rebuilt read model finds a month of history; 256 MiB is years of LBF's events. */
export const defaultStreamLimits: StreamLimits = { maxAgeMs: 30 * 24 * 3600 * 1000, maxBytes: 256 * 1024 * 1024 };

/**
 * How long a consumer's inbox rows must live. A message can only come back while the stream
 * still stores it, that is until its publish time + max age; its inbox row was written at or
 * after that publish time. So rows older than the stream's max age can never meet their event
 * again; one extra day covers clock skew between Postgres and NATS and messages still in flight.
 */
export function inboxRetentionMs(streamMaxAgeMs: number): number {
  return streamMaxAgeMs + 24 * 3600 * 1000;
}

/**
 * Creates the stream, or brings an existing one to the expected subjects and limits; safe to
 * call at every start (nothing is sent when the config already matches).
 */
export async function ensureStream(jsm: JetStreamManager, opts: StreamOptions & Partial<StreamLimits>): Promise<void> {
  const maxAge = (opts.maxAgeMs ?? defaultStreamLimits.maxAgeMs) * 1_000_000;
  const maxBytes = opts.maxBytes ?? defaultStreamLimits.maxBytes;
  const wanted: Partial<StreamConfig> = {
    name: opts.stream,
    subjects: [`${opts.prefix}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    // JetStream drops a second publish with the same Nats-Msg-Id inside this window (ns): 10 minutes.
    duplicate_window: 10 * 60 * 1_000_000_000,
    max_age: maxAge,
    max_bytes: maxBytes,
    discard: DiscardPolicy.New,
  };
  try {
    const info = await jsm.streams.info(opts.stream);
    const c = info.config;
    const same =
      c.subjects?.length === 1 &&
      c.subjects[0] === wanted.subjects![0] &&
      c.duplicate_window === wanted.duplicate_window &&
      c.max_age === maxAge &&
      c.max_bytes === maxBytes &&
      c.discard === DiscardPolicy.New;
    if (!same) {
      await jsm.streams.update(opts.stream, {
        ...c,
        subjects: wanted.subjects,
        duplicate_window: wanted.duplicate_window,
        max_age: maxAge,
        max_bytes: maxBytes,
        discard: DiscardPolicy.New,
      });
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      await jsm.streams.add(wanted);
    } catch (addErr) {
      // Another service created it between our look-up and our add: that is the state we wanted.
      if (!String((addErr as Error).message).includes('already in use')) throw addErr;
    }
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { code?: string | number; message?: string; api_error?: { err_code?: number } };
  return e?.api_error?.err_code === 10059 || String(e?.code) === '404' || /stream not found/i.test(String(e?.message));
}
