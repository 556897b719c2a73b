/**
 * The streaming ladder (issue 8): which rungs a source gets and how each is encoded. Rates are the
 * research's (../shared/research/media.md §2), tuned for slow mobile data.
 */

export interface Rung {
  /** '234p' … '720p': the rendition's folder and label. */
  name: string;
  height: number;
  /**
   * libx264 constant quality (CRF): a rung spends what its picture needs, so a still slide costs a
   * fraction of a moving one, and never more than `maxrateK` (the research's rate) over `bufsizeK`.
   */
  crf: number;
  /** libx264 preset: the small rungs (the ones phones play) take the slower, tighter one; they are cheap to encode. */
  preset: 'medium' | 'veryfast';
  /** Peak and buffer, in kb/s: the research's rates, so no source costs more than before CRF. */
  maxrateK: number;
  bufsizeK: number;
}

/**
 * CRFs chosen with the bench (BENCH_ONLY=ladder npm run bench): each rung's SSIM stays within 0.002
 * of the constant-bitrate ladder's on a talking head and on slides, for 20 to 79 % fewer bytes. On a
 * picture too busy for its rate the cap rules and bytes and SSIM are the old ones. Measured and not
 * kept: a lower frame rate for slides (12.5 fps: the same bytes; 5 fps: more, each frame gets more
 * bits; the keyframe every segment is what a still slide costs) and `-tune stillimage` (3 % fewer
 * bytes on slides, not worth detecting them).
 */
export const VIDEO_RUNGS: readonly Rung[] = [
  { name: '234p', height: 234, crf: 27, preset: 'medium', maxrateK: 145, bufsizeK: 290 },
  { name: '360p', height: 360, crf: 25, preset: 'medium', maxrateK: 365, bufsizeK: 730 },
  { name: '480p', height: 480, crf: 24, preset: 'veryfast', maxrateK: 730, bufsizeK: 1460 },
  { name: '720p', height: 720, crf: 23, preset: 'veryfast', maxrateK: 1800, bufsizeK: 3600 },
];

/**
 * The shared mono audio rendition (also the player's audio-only mode): AAC-LC, which every browser's
 * MSE plays. The bundled ffmpeg has no HE-AAC encoder (no libfdk_aac) and no audio quality measure
 * to show a lower AAC-LC rate keeps speech as clear, so 48k (the floor asked for speech) stays.
 */
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
