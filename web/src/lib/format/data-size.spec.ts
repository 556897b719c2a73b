import { describe, expect, it } from '@jest/globals';
import { formatDataSize } from './data-size';

describe('data sizes in French (Mo, Go)', () => {
  it('gives one decimal under 10 Mo, with a comma, and none from 10 Mo', () => {
    expect(formatDataSize(4_200_000)).toBe('4,2 Mo');
    expect(formatDataSize(4_000_000)).toBe('4 Mo');
    expect(formatDataSize(9_940_000)).toBe('9,9 Mo');
    expect(formatDataSize(9_960_000)).toBe('10 Mo');
    expect(formatDataSize(12_340_000)).toBe('12 Mo');
    expect(formatDataSize(134_600_000)).toBe('135 Mo');
  });

  it('says Go from 1 000 Mo, with the same decimal rule', () => {
    expect(formatDataSize(999_400_000)).toBe('999 Mo');
    expect(formatDataSize(999_600_000)).toBe('1 Go');
    expect(formatDataSize(1_250_000_000)).toBe('1,3 Go');
    expect(formatDataSize(12_600_000_000)).toBe('13 Go');
  });

  it('says 0 Mo for nothing and never rounds a few bytes down to nothing', () => {
    expect(formatDataSize(0)).toBe('0 Mo');
    expect(formatDataSize(Number.NaN)).toBe('0 Mo');
    expect(formatDataSize(40_000)).toBe('0,1 Mo');
  });
});
