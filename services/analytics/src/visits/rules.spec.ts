import type { LiveCounters } from '../shared/counters';
import { continuesVisit, nextLiveCounters, pageVisitInput, storedUserAgent, visitSeconds, VISIT_GAP_MS } from './rules';

describe('a page visit', () => {
  const valid = { path: '/videos', visitorId: 'v_abc-12345' };

  it('needs a path starting with / and at most 2048 characters long', () => {
    expect(pageVisitInput.safeParse(valid).success).toBe(true);
    expect(pageVisitInput.safeParse({ ...valid, path: 'videos' }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, path: '/' + 'a'.repeat(2047) }).success).toBe(true);
    expect(pageVisitInput.safeParse({ ...valid, path: '/' + 'a'.repeat(2048) }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, path: '/a\nb' }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, path: '/' + 'é'.repeat(1500) }).success).toBe(false);
  });

  it('needs a visitor id of 8 to 64 letters, digits, _ or -', () => {
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'abcdefg' }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'a'.repeat(64) }).success).toBe(true);
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'a'.repeat(65) }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'abc def gh' }).success).toBe(false);
  });

  it('is not a 404 unless the web app says so', () => {
    expect(pageVisitInput.parse(valid).notFound).toBe(false);
    expect(pageVisitInput.parse({ ...valid, notFound: null }).notFound).toBe(false);
    expect(pageVisitInput.parse({ ...valid, notFound: true }).notFound).toBe(true);
  });

  it('keeps at most 1024 characters of the user agent', () => {
    expect(storedUserAgent(null)).toBeNull();
    expect(storedUserAgent('')).toBeNull();
    expect(storedUserAgent('x'.repeat(2000))).toHaveLength(1024);
    expect(storedUserAgent('Mozilla/5.0')).toBe('Mozilla/5.0');
  });
});

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

const sent: LiveCounters = { registeredUsers: 10, visitsToday: 50, day: '2025-06-01' };

describe('what a live subscriber is sent next', () => {
  it('sends the first update as it is', () => {
    expect(nextLiveCounters(null, sent)).toEqual(sent);
  });

  it('sends an update that raises a counter on the same day', () => {
    expect(nextLiveCounters(sent, { ...sent, visitsToday: 51 })).toEqual({ ...sent, visitsToday: 51 });
    expect(nextLiveCounters(sent, { ...sent, registeredUsers: 11 })).toEqual({ ...sent, registeredUsers: 11 });
  });

  it('drops an update of the same day whose values are both lower (published out of order)', () => {
    expect(nextLiveCounters(sent, { ...sent, registeredUsers: 9, visitsToday: 49 })).toBeNull();
  });

  it('drops an update that brings nothing new', () => {
    expect(nextLiveCounters(sent, { ...sent })).toBeNull();
    expect(nextLiveCounters(sent, { ...sent, visitsToday: 49 })).toBeNull();
  });

  it('never lets one counter go back when the other goes up', () => {
    // A registration that read the visits before a concurrent visit committed.
    expect(nextLiveCounters(sent, { ...sent, registeredUsers: 11, visitsToday: 49 })).toEqual({ ...sent, registeredUsers: 11 });
  });

  it('accepts a new day even though its visits start again from low', () => {
    const nextDay = { registeredUsers: 10, visitsToday: 1, day: '2025-06-02' };
    expect(nextLiveCounters(sent, nextDay)).toEqual(nextDay);
  });

  it('drops a late update of the previous day', () => {
    const today = { registeredUsers: 10, visitsToday: 1, day: '2025-06-02' };
    expect(nextLiveCounters(today, { ...sent, visitsToday: 60 })).toBeNull();
  });
});
