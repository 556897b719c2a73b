import { continuesVisit, visitSeconds, VISIT_GAP_MS } from './visits';

describe('a visit', () => {
  const last = new Date('2025-06-01T10:00:00Z');

  it('continues while page views come less than 30 minutes apart', () => {
    expect(continuesVisit(last, new Date(last.getTime() + 1000))).toBe(true);
    expect(continuesVisit(last, new Date(last.getTime() + VISIT_GAP_MS - 1))).toBe(true);
  });

  it('ends at a gap of 30 minutes or more', () => {
    expect(continuesVisit(last, new Date(last.getTime() + VISIT_GAP_MS))).toBe(false);
    expect(continuesVisit(last, new Date(last.getTime() + 3 * VISIT_GAP_MS))).toBe(false);
  });

  it('is continued by a view stamped a little before the last one (clocks of two instances)', () => {
    expect(continuesVisit(last, new Date(last.getTime() - 200))).toBe(true);
  });

  it('lasts whole seconds between its first and last view, as the sum of its steps', () => {
    const start = new Date('2025-06-01T10:00:00.900Z');
    const mid = new Date('2025-06-01T10:00:01.100Z');
    const end = new Date('2025-06-01T10:02:00.050Z');
    expect(visitSeconds(start, end)).toBe(120);
    expect(visitSeconds(start, mid) + visitSeconds(mid, end)).toBe(visitSeconds(start, end));
  });
});
