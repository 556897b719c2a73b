import { describe, expect, it } from '@jest/globals';
import { PlayClock, shouldSave } from './play-clock';

describe('PlayClock', () => {
  it('counts small forward steps while playing, not seeks or pauses', () => {
    const clock = new PlayClock();
    for (let t = 0; t <= 5; t += 0.25) clock.tick(t);
    expect(clock.played).toBeCloseTo(5);
    clock.tick(50); // a seek
    expect(clock.played).toBeCloseTo(5);
    clock.pause();
    clock.tick(52);
    clock.tick(52.5);
    expect(clock.played).toBeCloseTo(5.5);
  });
});

describe('shouldSave', () => {
  it('saves at once, then every 5 s when the position moved', () => {
    expect(shouldSave(null, 0, 0)).toBe(true);
    expect(shouldSave({ at: 0, position: 10 }, 4_000, 14)).toBe(false);
    expect(shouldSave({ at: 0, position: 10 }, 5_000, 15)).toBe(true);
    expect(shouldSave({ at: 0, position: 10 }, 60_000, 10.5)).toBe(false);
  });
});
