import { giftStatus, giftUrl } from './rules';

describe('gifts rules', () => {
  const at = new Date('2026-11-27T12:00:00Z');

  it('a gift is received first, then canceled by a refund, then sent once paid, else unpaid', () => {
    expect(giftStatus({ claimedAt: at, canceledAt: null, orderStatus: 'refunded' })).toBe('CLAIMED');
    expect(giftStatus({ claimedAt: null, canceledAt: at, orderStatus: 'refunded' })).toBe('CANCELED');
    expect(giftStatus({ claimedAt: null, canceledAt: null, orderStatus: 'completed' })).toBe('SENT');
    expect(giftStatus({ claimedAt: null, canceledAt: null, orderStatus: 'pending' })).toBe('UNPAID');
  });

  it('the link is /cadeau/{token}', () => {
    const token = 'x'.repeat(43);
    expect(giftUrl('http://localhost:4000/', token)).toBe(`http://localhost:4000/cadeau/${token}`);
  });
});
