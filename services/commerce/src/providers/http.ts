/**
 * The one HTTP helper the three provider clients share: global fetch with an AbortSignal timeout,
 * JSON in and out, network failures and 5xx turned into `ProviderUnavailable`, and every answer
 * kept as an exchange `{kind, httpStatus, body}` for the provider log, with secrets removed.
 * Retrying is the caller's decision (`retries`), given only for calls that are safe to repeat.
 */
import { ProviderRejected, ProviderUnavailable, type ProviderAnswer, type ProviderName } from './port';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface Exchange {
  kind: string;
  httpStatus: number | null;
  body: unknown;
}

export interface HttpRequest {
  provider: ProviderName;
  /** Names the call in the provider log, e.g. `mtn.requesttopay`. */
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** JSON body (objects) or a pre-encoded string (e.g. form data). */
  body?: unknown;
  timeoutMs?: number;
  /** Extra tries after a network error, timeout or 5xx. Only for calls safe to repeat. */
  retries?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  headers: Headers;
  exchange: Exchange;
}

/** Keys whose values never go to logs or to the admin's provider history. */
const SECRET_KEYS = new Set(['access_token', 'accesstoken', 'token', 'pin', 'apikey', 'api_key', 'password', 'refresh_token', 'authorization']);

/** A deep copy of a provider body with token/pin/key values replaced by '[hidden]'. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEYS.has(k.toLowerCase()) && v !== null && v !== undefined && v !== '' ? '[hidden]' : redact(v, depth + 1);
  }
  return out;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Some gateways answer HTML or plain text on errors; keep a bounded copy for the log.
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One HTTP exchange. Returns any status below 500 (the caller reads 2xx/4xx as the provider's
 * answer); throws `ProviderUnavailable` on network errors, timeouts and 5xx after `retries`.
 */
export async function httpCall(req: HttpRequest): Promise<HttpAnswer> {
  const doFetch = req.fetchImpl ?? fetch;
  const tries = 1 + Math.max(0, req.retries ?? 0);
  let last: ProviderUnavailable | undefined;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await sleep(Math.min(2000, 200 * 2 ** (attempt - 1)));
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let payload: string | undefined;
    if (req.body !== undefined) {
      if (typeof req.body === 'string') payload = req.body;
      else {
        payload = JSON.stringify(req.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    let res: Response;
    let text: string;
    try {
      res = await doFetch(req.url, {
        method: req.method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      const what = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError') ? 'timed out' : 'unreachable';
      last = new ProviderUnavailable(req.provider, `${req.kind}: ${what} (${err instanceof Error ? err.message : String(err)})`, {
        kind: req.kind,
        httpStatus: null,
        body: { error: what },
      });
      continue;
    }
    const body = parseBody(text);
    const exchange: Exchange = { kind: req.kind, httpStatus: res.status, body: redact(body) };
    // 5xx, and 408/429 (try later), say nothing about the payment: the caller keeps it pending.
    if (res.status >= 500 || res.status === 408 || res.status === 429) {
      last = new ProviderUnavailable(req.provider, `${req.kind}: HTTP ${res.status}`, exchange);
      continue;
    }
    return { status: res.status, body, headers: res.headers, exchange };
  }
  throw last ?? new ProviderUnavailable(req.provider, `${req.kind}: no answer`);
}

/**
 * For status-like calls: a refused token (our credentials) says nothing about the payment, so it must
 * not fail an attempt that may be paid. It becomes `ProviderUnavailable` (logged, asked again later).
 */
export async function tokenTroubleIsUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProviderRejected && err.reasonCode.startsWith('TOKEN_')) {
      throw new ProviderUnavailable(err.provider, err.message, err.exchange);
    }
    throw err;
  }
}

/**
 * For status calls: an answer refusing our credentials (401, 403) says nothing about the payment
 * either. Ask again later (ProviderUnavailable) rather than fail it.
 */
export function refusedCredentialsAreUnavailable(provider: ProviderName, res: HttpAnswer): void {
  if (res.status === 401 || res.status === 403) throw new ProviderUnavailable(provider, `${res.exchange.kind}: HTTP ${res.status}`, res.exchange);
}

/** A charge the provider took without saying more yet: pending under this reference, the rest from its status. */
export function pendingAnswer(providerReference: string, exchange: Exchange): ProviderAnswer {
  return { outcome: 'pending', providerReference, operatorTransactionId: null, reasonCode: null, authorizationUrl: null, rawStatus: null, exchange };
}

/** `obj.a.b` without casts, for reading loosely typed provider JSON. */
export function pick(value: unknown, ...path: string[]): unknown {
  let cur: unknown = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function pickString(value: unknown, ...path: string[]): string | null {
  const v = pick(value, ...path);
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number') return String(v);
  return null;
}

/** The header value as one string (node gives string | string[] | undefined). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== wanted) continue;
    if (Array.isArray(v)) return v[0] ?? null;
    return v ?? null;
  }
  return null;
}

/**
 * Text for the payer's phone prompt (a USSD screen): accents dropped, plain ASCII, spaces folded,
 * at most `max` characters, `fallback` when nothing is left. `forbidden` characters (an operator's
 * refusals) become spaces too, after the accents are dropped.
 */
export function promptText(text: string, o: { max: number; fallback: string; forbidden?: RegExp }): string {
  const plain = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = (o.forbidden ? plain.replace(o.forbidden, ' ') : plain)
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, o.max)
    .trim();
  return cleaned || o.fallback;
}

/** Digits only, e.g. '+237 6 99 00 00 01' -> '237699000001'. */
export function msisdnDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A provider's token, cached until `expires_in` minus a margin, with one refresh in flight at a time. */
export class TokenCache {
  private token: { value: string; expiresAt: number } | null = null;
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<{ value: string; expiresInS: number }>,
    private readonly marginMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.inFlight ??= this.fetchToken()
      .then(({ value, expiresInS }) => {
        // A short-lived token (below the margin) is still used once rather than refetched forever.
        const lifetime = Math.max(expiresInS * 1000 - this.marginMs, Math.min(expiresInS * 1000, 5_000));
        this.token = { value, expiresAt: this.now() + lifetime };
        return value;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Forget the token (after a 401) so the next call fetches a new one. */
  invalidate(): void {
    this.token = null;
  }
}

/**
 * A client's options with their defaults filled once, where the client is built (an option given
 * as undefined or null keeps its default): the client then reads `settings.x`, never `cfg.x ?? fallback`.
 */
export function clientSettings<T extends object, D extends { [K in keyof T]?: NonNullable<T[K]> }>(cfg: T, defaults: D): T & { [K in keyof D & keyof T]-?: NonNullable<T[K]> } {
  const given = Object.fromEntries(Object.entries(cfg).filter(([, v]) => v !== undefined && v !== null));
  return { ...defaults, ...given } as unknown as T & { [K in keyof D & keyof T]-?: NonNullable<T[K]> };
}

/**
 * A client-credentials token (Orange's /token, MTN's /collection/token/): POSTed with Basic
 * user:secret, answering `access_token` and `expires_in` (an hour when absent or odd); a refusal is
 * ProviderRejected `TOKEN_HTTP_<status>`. Cached by TokenCache.
 */
export function basicAuthTokens(t: {
  provider: ProviderName;
  url: string;
  user: string;
  secret: string;
  /** More headers of the token call (the form's content type, a subscription key). */
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  marginMs: number;
  fetchImpl?: typeof fetch;
}): TokenCache {
  return new TokenCache(async () => {
    const res = await httpCall({
      provider: t.provider,
      kind: `${t.provider}.token`,
      method: 'POST',
      url: t.url,
      headers: { authorization: `Basic ${Buffer.from(`${t.user}:${t.secret}`).toString('base64')}`, ...t.headers },
      body: t.body,
      timeoutMs: t.timeoutMs,
      retries: 2,
      fetchImpl: t.fetchImpl,
    });
    const token = pickString(res.body, 'access_token');
    if (res.status >= 400 || !token) throw new ProviderRejected(t.provider, `TOKEN_HTTP_${res.status}`, res.exchange);
    const expiresIn = Number((res.body as Record<string, unknown>).expires_in ?? 3600);
    return { value: token, expiresInS: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600 };
  }, t.marginMs);
}

/** One authorised call of an operator's API: a path under its URL, its retries, and any headers of this call only. */
export type BearerCall = (
  kind: string,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  retries: number,
  headers?: Record<string, string>,
) => Promise<HttpAnswer>;

/** A client's connection: its settings (every default filled, once: clientSettings) and its authorised call. */
export interface BearerSession<S> {
  cfg: S;
  call: BearerCall;
}

/**
 * An operator API behind client-credentials tokens (MTN, Orange): every call carries the cached
 * bearer token (basicAuthTokens) and the operator's own headers, and a 401 is tried once more with a
 * fresh token (withBearerToken). The token and the calls share the client's timeout and fetch.
 */
export function bearerSession<S extends { timeoutMs: number; tokenMarginMs: number; fetchImpl?: typeof fetch }>(
  provider: ProviderName,
  cfg: S,
  api: {
    token: { url: string; user: string; secret: string; headers: Record<string, string>; body: string };
    /** What every call's path is appended to. */
    url: string;
    /** Sent on every call, after the bearer token. */
    headers: Record<string, string>;
  },
): BearerSession<S> {
  const { timeoutMs, fetchImpl } = cfg;
  const tokens = basicAuthTokens({ provider, ...api.token, timeoutMs, marginMs: cfg.tokenMarginMs, fetchImpl });
  const call: BearerCall = (kind, method, path, body, retries, headers = {}) =>
    withBearerToken(tokens, (token) =>
      httpCall({ provider, kind, method, url: `${api.url}${path}`, headers: { authorization: `Bearer ${token}`, ...api.headers, ...headers }, body, timeoutMs, retries, fetchImpl }),
    );
  return { cfg, call };
}

/**
 * One call with the cached bearer token. An expired token is refused before anything happens: a
 * 401 drops it and the call is made once more with a fresh one.
 */
export async function withBearerToken(tokens: TokenCache, call: (token: string) => Promise<HttpAnswer>): Promise<HttpAnswer> {
  for (let round = 0; ; round++) {
    const res = await call(await tokens.get());
    if (res.status === 401 && round === 0) {
      tokens.invalidate();
      continue;
    }
    return res;
  }
}

/** An unsigned notification's body as JSON, or null: such a body is only a nudge to ask the provider, readable or not. */
export function nudgeBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
}
