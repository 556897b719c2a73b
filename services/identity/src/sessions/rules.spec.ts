import { decideRefresh, REFRESH_RETRY_WINDOW_MS, type StoredRefreshState } from './rules';

const now = new Date('2025-03-01T10:00:00Z');
const tomorrow = new Date('2025-03-02T10:00:00Z');
const yesterday = new Date('2025-02-28T10:00:00Z');
const live: StoredRefreshState = { token: { usedAt: null, expiresAt: tomorrow }, session: { revokedAt: null }, userBanned: false };

describe('refresh-token rotation', () => {
  it('rotates an unused, unexpired token of a live session', () => {
    expect(decideRefresh(live, now)).toEqual({ kind: 'rotate' });
  });

  it('treats a token presented a second time as reuse, which revokes the family', () => {
    expect(decideRefresh({ ...live, token: { usedAt: yesterday, expiresAt: tomorrow } }, now)).toEqual({ kind: 'reuse' });
  });

  it('refuses an unknown token', () => {
    expect(decideRefresh({ token: null, session: null, userBanned: false }, now)).toEqual({ kind: 'reject', reason: 'unknown' });
  });

  it('answers anew a token presented again within the retry window whose first answer was never used', () => {
    const usedJustNow = new Date(now.getTime() - 5_000);
    expect(decideRefresh({ ...live, token: { usedAt: usedJustNow, expiresAt: tomorrow, successorUsed: false } }, now)).toEqual({ kind: 'retry' });
    const atTheEdge = new Date(now.getTime() - REFRESH_RETRY_WINDOW_MS);
    expect(decideRefresh({ ...live, token: { usedAt: atTheEdge, expiresAt: tomorrow, successorUsed: false } }, now)).toEqual({ kind: 'retry' });
  });

  it('treats it as reuse once its first answer was used, or after the window', () => {
    const usedJustNow = new Date(now.getTime() - 5_000);
    expect(decideRefresh({ ...live, token: { usedAt: usedJustNow, expiresAt: tomorrow, successorUsed: true } }, now)).toEqual({ kind: 'reuse' });
    const tooLate = new Date(now.getTime() - REFRESH_RETRY_WINDOW_MS - 1);
    expect(decideRefresh({ ...live, token: { usedAt: tooLate, expiresAt: tomorrow, successorUsed: false } }, now)).toEqual({ kind: 'reuse' });
  });

  it('treats a token set aside by a retry as reuse (it was never received)', () => {
    expect(decideRefresh({ ...live, token: { usedAt: null, expiresAt: tomorrow, supersededAt: now } }, now)).toEqual({ kind: 'reuse' });
  });

  it('refuses any token of a revoked session, used or not, without revoking again', () => {
    expect(decideRefresh({ ...live, session: { revokedAt: yesterday } }, now)).toEqual({ kind: 'reject', reason: 'revoked' });
    expect(decideRefresh({ token: { usedAt: yesterday, expiresAt: tomorrow }, session: { revokedAt: yesterday }, userBanned: false }, now)).toEqual({
      kind: 'reject',
      reason: 'revoked',
    });
  });

  it('refuses an expired token', () => {
    expect(decideRefresh({ ...live, token: { usedAt: null, expiresAt: now } }, now)).toEqual({ kind: 'reject', reason: 'expired' });
  });

  it('refuses a banned user and says so, even on a session the ban revoked', () => {
    expect(decideRefresh({ ...live, userBanned: true }, now)).toEqual({ kind: 'banned' });
    expect(decideRefresh({ ...live, session: { revokedAt: yesterday }, userBanned: true }, now)).toEqual({ kind: 'banned' });
  });
});
