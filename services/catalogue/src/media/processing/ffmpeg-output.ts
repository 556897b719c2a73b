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

/** What the pipeline needs to know of a source, read from ffmpeg's input report. */
export interface SourceInfo {
  durationSeconds: number | null;
  /** Exact duration (for progress), null when unknown. */
  exactSeconds: number | null;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** The first video stream's size, the duration and whether there is audio; null when ffmpeg found no video stream. */
export function parseSourceInfo(report: string): SourceInfo | null {
  const video = /Stream #\d+:\d+[^\n]*?: Video: [^\n]*?, (\d{2,5})x(\d{2,5})\b/.exec(report);
  if (!video) return null;
  const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  const exact = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  return {
    durationSeconds: parseFfmpegDuration(report),
    exactSeconds: exact !== null && Number.isFinite(exact) ? exact : null,
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+[^\n]*?: Audio: /.test(report),
  };
}
