import { formatDuration } from './duration';

describe('durations in the CSV export', () => {
  it('shows durations as m:ss, or N/A when unknown', () => {
    expect(formatDuration(930)).toBe('15:30');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(null)).toBe('N/A');
  });
});
