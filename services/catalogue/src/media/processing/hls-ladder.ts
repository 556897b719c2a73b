/**
 * The streaming ladder (issue 8): which rungs a source gets and how each is encoded. Rates are the
 * research's (../shared/research/media.md §2), tuned for slow mobile data.
 */

export interface Rung {
  /** '234p' … '720p': the rendition's folder and label. */
  name: string;
  height: number;
  /** libx264 target, peak and buffer, in kb/s. */
  bitrateK: number;
  maxrateK: number;
  bufsizeK: number;
}

export const VIDEO_RUNGS: readonly Rung[] = [
  { name: '234p', height: 234, bitrateK: 145, maxrateK: 160, bufsizeK: 290 },
  { name: '360p', height: 360, bitrateK: 365, maxrateK: 400, bufsizeK: 730 },
  { name: '480p', height: 480, bitrateK: 730, maxrateK: 800, bufsizeK: 1460 },
  { name: '720p', height: 720, bitrateK: 1800, maxrateK: 2000, bufsizeK: 3600 },
];

/** The shared mono audio rendition (also the player's audio-only mode). */
export const AUDIO = { name: 'audio', bitrateK: 48, sampleRate: 44100 } as const;

/** Segment length in seconds (keyframes forced on it, so every rung switches at the same instants). */
export const SEGMENT_SECONDS = 2;

/** The rungs for a source `sourceHeight` pixels high: never above it, and at least the lowest. */
export function ladderFor(sourceHeight: number | null): Rung[] {
  const fits = VIDEO_RUNGS.filter((r) => sourceHeight !== null && r.height <= sourceHeight);
  return fits.length ? fits : [VIDEO_RUNGS[0]!];
}

/** The width of a rung `height` high keeping the source's shape, rounded to an even number (x264 needs it). */
export function rungWidth(source: { width: number; height: number }, height: number): number {
  if (source.width <= 0 || source.height <= 0) return Math.round((height * 16) / 9 / 2) * 2;
  return Math.max(2, Math.round((source.width * height) / source.height / 2) * 2);
}

/** The preview length actually built: the administrator's choice, never beyond the video. */
export function previewLength(previewSeconds: number, durationSeconds: number | null): number {
  if (durationSeconds === null || durationSeconds <= 0) return previewSeconds;
  return Math.min(previewSeconds, durationSeconds);
}
