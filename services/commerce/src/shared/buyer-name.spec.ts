import { buyerName } from './buyer-name';

describe("the buyer's name on commerce.purchase.completed", () => {
  it('is first name then last name', () => {
    expect(buyerName('Ŋgono', 'Ɛyenga')).toBe('Ŋgono Ɛyenga');
    expect(buyerName('  Awa  Marie ', '\tNdiaye\n')).toBe('Awa Marie Ndiaye');
  });

  it('is one part when the other is missing, and absent when both are', () => {
    expect(buyerName('Awa', '')).toBe('Awa');
    expect(buyerName(null, 'Ndiaye')).toBe('Ndiaye');
    expect(buyerName(null, null)).toBeUndefined();
    expect(buyerName(' ', '')).toBeUndefined();
  });

  it('fits the event (200 characters at most)', () => {
    expect(Array.from(buyerName('Ɛ'.repeat(150), 'Ŋ'.repeat(150))!)).toHaveLength(200);
  });
});
