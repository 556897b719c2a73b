/**
 * Seconds actually played, from the media element's clock: a jump (seek) or a stall does not
 * count, only small forward steps between two readings while playing.
 */
export class PlayClock {
  private last: number | null = null;
  played = 0;

  /** A reading of currentTime while the media plays. */
  tick(currentTime: number): void {
    if (this.last !== null) {
      const step = currentTime - this.last;
      // timeupdate fires every 250 ms or so; more than 1.5 s between two is a seek.
      if (step > 0 && step < 1.5) this.played += step;
    }
    this.last = currentTime;
  }

  /** Paused, seeking or buffering: the next reading starts a new run. */
  pause(): void {
    this.last = null;
  }
}

/** When to save the position: every `everyMs` while playing, and only when it moved. */
export function shouldSave(
  last: { at: number; position: number } | null,
  now: number,
  position: number,
  everyMs = 5_000,
): boolean {
  if (!last) return true;
  if (Math.abs(position - last.position) < 1) return false;
  return now - last.at >= everyMs;
}
