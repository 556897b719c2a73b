import { describe, expect, it } from '@jest/globals';
import { clockTime, costText, positionText, spokenTime } from './format';

describe('player texts', () => {
  it('says the slider position as a person would', () => {
    expect(positionText(80, 600)).toBe('1 min 20 s sur 10 min');
    expect(positionText(0, 45)).toBe('0 s sur 45 s');
    expect(spokenTime(3725)).toBe('1 h 2 min 5 s');
    expect(spokenTime(Number.NaN)).toBe('0 s');
  });

  it('shows the clock with two-digit seconds', () => {
    expect(clockTime(80.9)).toBe('1:20');
    expect(clockTime(3723)).toBe('1:02:03');
    expect(clockTime(-3)).toBe('0:00');
  });

  it("words the data cost the issue's way", () => {
    expect(costText(15)).toBe('≈ 15 Mo pour cette leçon');
    expect(costText(1.53)).toBe('≈ 1,5 Mo pour cette leçon');
    expect(costText(134.6)).toBe('≈ 135 Mo pour cette leçon');
    expect(costText(0)).toBe('moins de 0,1 Mo pour cette leçon');
  });
});
