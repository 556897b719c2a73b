/**
 * ffmpeg's `-progress pipe:1` report: blocks of `key=value` lines, each block ending with
 * `progress=continue` or `progress=end`. We follow `out_time_us` (microseconds of output written).
 */
export class FfmpegProgress {
  private partial = '';
  /** Seconds of output written so far. */
  outSeconds = 0;
  ended = false;

  /** Feeds a chunk of stdout; answers true when a block ended (a moment to report progress). */
  feed(chunk: string): boolean {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    let block = false;
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'out_time_us') {
        const us = Number(value);
        // N/A (before the first frame) and negative values (audio priming) are skipped.
        if (Number.isFinite(us) && us >= 0) this.outSeconds = Math.max(this.outSeconds, us / 1e6);
      } else if (key === 'progress') {
        block = true;
        if (value === 'end') this.ended = true;
      }
    }
    return block;
  }

  /** 0..1 of `durationSeconds` (0 when the duration is unknown, 1 once ffmpeg said end). */
  fraction(durationSeconds: number | null): number {
    if (this.ended) return 1;
    if (!durationSeconds || durationSeconds <= 0) return 0;
    return Math.min(1, this.outSeconds / durationSeconds);
  }
}

/** The overall percentage when a stage spanning [from, to] of 100 is `fraction` done; whole, never 100 before the end. */
export function stagePercent(from: number, to: number, fraction: number): number {
  const p = Math.floor(from + (to - from) * Math.min(1, Math.max(0, fraction)));
  return Math.min(99, Math.max(0, p));
}
