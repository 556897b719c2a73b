/** Seconds of `Duration: 00:15:30.48` in ffmpeg's report, rounded to the nearest second; null when absent or N/A. */
export function parseFfmpegDuration(report: string): number | null {
  const m = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  if (!m) return null;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return Number.isFinite(seconds) ? Math.round(seconds) : null;
}

/** Where to grab the thumbnail frame: one second in, or the middle of a shorter video. */
export function thumbnailTime(durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.min(1, durationSeconds / 2);
}
