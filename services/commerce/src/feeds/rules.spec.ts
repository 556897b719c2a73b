import { placeholderEmail } from './rules';

describe('placeholderEmail', () => {
  it('is one per buyer, under .invalid (never deliverable)', () => {
    expect(placeholderEmail('0123456789abcdef')).toBe('client-01234567@clients.lbf.invalid');
  });
});
