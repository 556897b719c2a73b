import { messages } from '../shared/messages';
import { adminDeletionRequest, deletionDate } from './rules';

const admin = '0b5c2a8e-3f1d-4c6b-9a7e-5d4c3b2a1f00';
const user = '7D3C1F0E-8D3B-4A57-9D7E-2F9F4F1B6A10';

describe('the end of the grace period', () => {
  it('falls the grace period after the request', () => {
    expect(deletionDate(new Date('2026-11-01T10:00:00.000Z'), 30 * 24 * 3600).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(deletionDate(new Date('2026-11-01T10:00:00.000Z'), 2).toISOString()).toBe('2026-11-01T10:00:02.000Z');
  });
});

describe('an administrator’s deletion request', () => {
  it('takes another user’s id and a trimmed reason', () => {
    expect(adminDeletionRequest(admin, { userId: user, reason: '  Demande par e-mail du 3 mars  ' })).toEqual({
      ok: true,
      value: { userId: user.toLowerCase(), reason: 'Demande par e-mail du 3 mars' },
    });
  });

  it('refuses their own account, a missing reason, a reason too long and an id that is not one', () => {
    const refusal = (input: { userId: string; reason: string }) => {
      const r = adminDeletionRequest(admin, input);
      return r.ok ? null : { field: r.error.field, message: r.error.message };
    };
    expect(refusal({ userId: admin.toUpperCase(), reason: 'x' })).toEqual({ field: 'userId', message: messages.cannotDeleteSelf });
    expect(refusal({ userId: user, reason: '   ' })).toEqual({ field: 'reason', message: messages.deletionReasonRequired });
    expect(refusal({ userId: user, reason: 'x'.repeat(2001) })).toEqual({ field: 'reason', message: messages.banReasonTooLong });
    expect(refusal({ userId: 'pas-un-id', reason: 'x' })).toEqual({ field: 'userId', message: messages.userNotFound });
  });
});
