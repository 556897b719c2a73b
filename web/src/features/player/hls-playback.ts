import Hls, { ErrorDetails, ErrorTypes, Events, type ErrorData, type HlsConfig, type Loader, type LoaderCallbacks, type LoaderConfiguration, type LoaderContext, type LoaderStats } from 'hls.js';
import { takeFirstPiece } from './first-pieces';
import type { PlaybackSession } from './operations';
import { isKeyUrl, isMediaUrl, streamFolder, streamParts, withToken } from './stream-url';

/**
 * The research's settings for slow, expensive mobile data (media.md §2): start on the lowest rung,
 * never fetch more pixels than the player shows, a first bandwidth guess of 150 kb/s, and a short
 * buffer (12 s ahead, at most 30; 30 s kept behind) so a viewer who stops early has not paid for
 * minutes they never watch.
 */
export const SLOW_DATA_CONFIG = {
  startLevel: 0,
  capLevelToPlayerSize: true,
  maxDevicePixelRatio: 1,
  abrEwmaDefaultEstimate: 150_000,
  maxBufferLength: 12,
  maxMaxBufferLength: 30,
  backBufferLength: 30,
} as const satisfies Partial<HlsConfig>;

/**
 * Before the viewer presses play, a player shown on the page fetches only what the first frame
 * needs (playlists, key, init and the first 2-s segment), so the press only starts decoding; the
 * press lifts the buffer to SLOW_DATA_CONFIG's.
 */
export const PRIMED_BUFFER_SECONDS = 2;

/** Refusals a new session can cure: the token expired (401/403/410) or its files moved (404). */
const SESSION_REFUSALS = new Set([401, 403, 404, 410]);
/** A session is renewed this long before its token expires, while requests are still being made. */
const RENEW_BEFORE_MS = 15_000;
/** More new sessions than this within a minute means something else is wrong: show the error. */
const MAX_RECOVERIES_PER_MINUTE = 3;

export interface HlsPlaybackOptions {
  video: HTMLVideoElement;
  session: PlaybackSession;
  dataSaver: boolean;
  audioOnly: boolean;
  /** A new session of the same video (startPlayback again). */
  renewSession(): Promise<PlaybackSession>;
  /** The viewer's access token, refreshed first when it is about to expire (or when `force`). */
  accessToken(force: boolean): Promise<string | null>;
  /** hls.js switched to this level (index in the ladder, 0 = lowest). */
  onLevel(level: number): void;
  /** A new session was taken (after expiry or a refusal). */
  onSession(session: PlaybackSession): void;
  /** Nothing more can be done: show 'Vidéo indisponible, réessayez'. */
  onFatal(reason: string): void;
  /**
   * Bytes a media file's request received (whole, cut short or failed): the lesson data the viewer
   * paid for. Only where the browser cannot say what came over the network (no Resource Timing).
   */
  onMediaBytes?(bytes: number): void;
  /** What a media file fetched ahead (first-pieces.ts, left out of Resource Timing's count) cost, once hls.js takes it. */
  onFirstPieceBytes(bytes: number): void;
}

/** hls.js's own loader (XMLHttpRequest, with `xhrSetup`), for what was not fetched ahead. */
const NetworkLoader = Hls.DefaultConfig.loader as new (config: HlsConfig) => Loader<LoaderContext>;

/**
 * hls.js's loader for every file: one fetched ahead with the session (first-pieces.ts) is handed
 * over with the timings of its real download (hls.js's bandwidth estimate reads them); anything
 * else, or a file whose early fetch failed, goes to the network as usual. `onTaken` hears the
 * bytes of each media file handed over, which the lesson-data meter counts then.
 */
function firstPiecesLoader(onTaken: (url: string, transferred: number) => void) {
  return class FirstPiecesLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats: LoaderStats;
    private readonly network: Loader<LoaderContext>;
    private done = false;

    constructor(config: HlsConfig) {
      this.network = new NetworkLoader(config);
      this.stats = this.network.stats;
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.context = context;
      const piece = takeFirstPiece(context.url);
      if (!piece) return this.network.load(context, config, callbacks);
      void piece.then((got) => {
        if (this.done) return;
        if (!got) return this.network.load(context, config, callbacks);
        const { stats } = this;
        stats.loading = { start: got.start, first: got.first, end: got.end };
        stats.loaded = stats.total = got.data.byteLength;
        onTaken(context.url, got.transferred);
        const data = context.responseType === 'arraybuffer' ? got.data : new TextDecoder().decode(got.data);
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      });
    }

    abort(): void {
      this.done = true;
      this.network.abort();
    }

    destroy(): void {
      this.done = true;
      this.network.destroy();
    }

    getCacheAge(): number | null {
      return this.network.getCacheAge?.() ?? null;
    }

    getResponseHeader(name: string): string | null {
      return this.network.getResponseHeader?.(name) ?? null;
    }
  };
}

/** When the session's token expires on this device's clock; null when the server's time looks off. */
function localExpiry(expiresAt: string): number | null {
  const left = Date.parse(expiresAt) - Date.now();
  // A phone with a wrong clock would otherwise renew on every request (or never): rely on refusals then.
  return Number.isFinite(left) && left > 2 * RENEW_BEFORE_MS && left < 6 * 3600_000 ? Date.now() + left : null;
}

/**
 * One video element playing one playback session through hls.js. Every request is sent with the
 * current session's token (so a renewed session continues where the old one was, without
 * reloading), and the key request alone carries `Authorization: Bearer <access token>`.
 */
export class HlsPlayback {
  private hls: Hls | null = null;
  private session: PlaybackSession;
  private expiresAt: number | null;
  private renewing: Promise<PlaybackSession> | null = null;
  private recoveries: number[] = [];
  private recovering = false;
  private mediaRecovered = false;
  private dataSaver: boolean;
  private audioOnly: boolean;
  private destroyed = false;
  /** Play was asked for (the press, or a start with autoplay): the buffer is no longer held to the first segment. */
  private pressed = false;

  constructor(private readonly opts: HlsPlaybackOptions) {
    this.session = opts.session;
    this.expiresAt = localExpiry(opts.session.expiresAt);
    this.dataSaver = opts.dataSaver;
    this.audioOnly = opts.audioOnly;
  }

  static isSupported(): boolean {
    return Hls.isSupported();
  }

  /**
   * Loads the session's manifest (or its audio-only playlist) and starts at `startAt` seconds;
   * without `autoplay` (and before play()) it fetches the first segment only and waits.
   */
  start(startAt: number, autoplay: boolean): void {
    if (this.destroyed) return;
    this.hls?.destroy();
    if (autoplay) this.pressed = true;
    const { video } = this.opts;
    const hls = new Hls({
      ...SLOW_DATA_CONFIG,
      // Both: hls.js buffers up to maxMaxBufferLength when the rung's bitrate is low (maxBufferSize / bitrate).
      maxBufferLength: this.pressed ? SLOW_DATA_CONFIG.maxBufferLength : PRIMED_BUFFER_SECONDS,
      maxMaxBufferLength: this.pressed ? SLOW_DATA_CONFIG.maxMaxBufferLength : PRIMED_BUFFER_SECONDS,
      capLevelToPlayerSize: !this.dataSaver,
      startPosition: startAt > 0 ? startAt : -1,
      xhrSetup: (xhr, url) => this.prepareRequest(xhr, url),
      loader: firstPiecesLoader((url, transferred) => {
        if (isMediaUrl(url)) this.opts.onFirstPieceBytes(transferred);
      }),
    });
    this.hls = hls;
    hls.on(Events.MANIFEST_PARSED, () => {
      // Off, hls.js keeps its own start (level 0) and player-size cap untouched.
      if (this.dataSaver) this.applyDataSaver(hls, false);
      // Before the press, the lowest rung only (a fast link would otherwise fetch a higher one too).
      if (!this.pressed) {
        hls.capLevelToPlayerSize = false;
        hls.autoLevelCapping = 0;
      }
      if (autoplay) video.play().catch(() => undefined);
    });
    hls.on(Events.LEVEL_SWITCHED, (_event, data) => this.opts.onLevel(data.level));
    hls.on(Events.ERROR, (_event, data) => this.onError(hls, data));
    hls.loadSource(this.audioOnly ? this.session.audioUrl : this.session.manifestUrl);
    hls.attachMedia(video);
  }

  /** The viewer pressed play: plays what was fetched already and buffers as usual from here. */
  play(): void {
    this.pressed = true;
    // hls.js reads its config on every tick: the next one fills the usual buffer.
    if (this.hls) {
      this.hls.config.maxBufferLength = SLOW_DATA_CONFIG.maxBufferLength;
      this.hls.config.maxMaxBufferLength = SLOW_DATA_CONFIG.maxMaxBufferLength;
      // Adaptive again (or data saver's lowest rung), from the rung the first segment came on.
      this.applyDataSaver(this.hls, false);
    }
    this.opts.video.play().catch(() => undefined);
  }

  get mode(): PlaybackSession['mode'] {
    return this.session.mode;
  }

  /** Data saver on: the lowest rung only (cap 0 and a manual level 0); off: adaptive again. */
  setDataSaver(on: boolean): void {
    this.dataSaver = on;
    // Before the press the lowest rung is held anyway; play() applies the choice.
    if (this.hls && this.pressed) this.applyDataSaver(this.hls, true);
  }

  /** Audio only plays the session's audio playlist from where the video was, and back. */
  setAudioOnly(on: boolean): void {
    if (on === this.audioOnly) return;
    this.audioOnly = on;
    const { video } = this.opts;
    this.start(video.currentTime, !video.paused);
  }

  destroy(): void {
    this.destroyed = true;
    this.hls?.destroy();
    this.hls = null;
  }

  private applyDataSaver(hls: Hls, switchNow: boolean): void {
    if (this.dataSaver) {
      // The player-size cap would otherwise raise autoLevelCapping again at its next check.
      hls.capLevelToPlayerSize = false;
      hls.autoLevelCapping = 0;
      if (switchNow) hls.nextLevel = 0;
      else hls.loadLevel = 0;
    } else {
      hls.autoLevelCapping = -1;
      hls.capLevelToPlayerSize = true;
      hls.loadLevel = -1;
    }
  }

  /** hls.js's xhrSetup: opens the request itself, on the current session's token. */
  private async prepareRequest(xhr: XMLHttpRequest, url: string): Promise<void> {
    if (this.expiresAt !== null && Date.now() > this.expiresAt - RENEW_BEFORE_MS) {
      await this.renew().catch(() => undefined);
    }
    const token = streamParts(this.session.manifestUrl)?.token;
    xhr.open('GET', token ? withToken(url, token) : url, true);
    if (this.opts.onMediaBytes && isMediaUrl(url)) {
      const report = this.opts.onMediaBytes;
      // Without Resource Timing (lesson-data-meter.ts), what each request received, a request aborted by a
      // quality switch included (a copy from the browser's cache too: a little more than was paid for).
      xhr.addEventListener('loadend', (event) => {
        if (event.loaded > 0) report(event.loaded);
      });
    }
    if (isKeyUrl(url)) {
      const accessToken = await this.opts.accessToken(false);
      if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    }
  }

  /** One new session at a time; a session of other files (a new version, another mode) reloads. */
  private renew(): Promise<PlaybackSession> {
    if (!this.renewing) {
      this.renewing = this.opts
        .renewSession()
        .then((next) => {
          const sameFiles = next.mode === this.session.mode && streamFolder(next.manifestUrl) === streamFolder(this.session.manifestUrl);
          this.session = next;
          this.expiresAt = localExpiry(next.expiresAt);
          this.opts.onSession(next);
          if (!sameFiles && !this.destroyed) {
            const { video } = this.opts;
            this.start(video.currentTime, !video.paused);
          }
          return next;
        })
        .finally(() => {
          this.renewing = null;
        });
    }
    return this.renewing;
  }

  private onError(hls: Hls, data: ErrorData): void {
    if (hls !== this.hls || this.destroyed) return;
    const status = data.response?.code;
    if (data.type === ErrorTypes.NETWORK_ERROR && status && SESSION_REFUSALS.has(status)) {
      // hls.js does not retry a 4xx: take a new session (and a new access token for the key).
      void this.recover(data.details === ErrorDetails.KEY_LOAD_ERROR && status === 401);
      return;
    }
    if (!data.fatal) return;
    if (data.type === ErrorTypes.MEDIA_ERROR && !this.mediaRecovered) {
      this.mediaRecovered = true;
      hls.recoverMediaError();
      return;
    }
    if (data.type === ErrorTypes.NETWORK_ERROR && this.allowRecovery()) {
      hls.startLoad(this.opts.video.currentTime);
      return;
    }
    this.opts.onFatal(`${data.type}: ${data.details}`);
  }

  private allowRecovery(): boolean {
    const now = Date.now();
    this.recoveries = this.recoveries.filter((at) => now - at < 60_000);
    if (this.recoveries.length >= MAX_RECOVERIES_PER_MINUTE) return false;
    this.recoveries.push(now);
    return true;
  }

  private async recover(refreshAccess: boolean): Promise<void> {
    if (this.recovering) return;
    if (!this.allowRecovery()) {
      this.opts.onFatal('refused');
      return;
    }
    this.recovering = true;
    const { video } = this.opts;
    const at = video.currentTime;
    const playing = !video.paused;
    this.hls?.stopLoad();
    try {
      if (refreshAccess) await this.opts.accessToken(true);
      const before = this.hls;
      await this.renew();
      // renew() reloads by itself when the files changed; otherwise reload on the new token here.
      if (this.hls === before && !this.destroyed) this.start(at, playing);
    } catch {
      if (!this.destroyed) this.opts.onFatal('renew failed');
    } finally {
      this.recovering = false;
    }
  }
}
