import { RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from 'nats';

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

/** Creates the stream, or brings an existing one to the expected subjects; safe to call at every start. */
export async function ensureStream(jsm: JetStreamManager, opts: StreamOptions): Promise<void> {
  const wanted: Partial<StreamConfig> = {
    name: opts.stream,
    subjects: [`${opts.prefix}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    // JetStream drops a second publish with the same Nats-Msg-Id inside this window (ns): 10 minutes.
    duplicate_window: 10 * 60 * 1_000_000_000,
  };
  try {
    const info = await jsm.streams.info(opts.stream);
    const same = info.config.subjects?.length === 1 && info.config.subjects[0] === wanted.subjects![0];
    if (!same || info.config.duplicate_window !== wanted.duplicate_window) {
      await jsm.streams.update(opts.stream, { ...info.config, subjects: wanted.subjects, duplicate_window: wanted.duplicate_window });
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
