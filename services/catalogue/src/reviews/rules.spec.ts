import { parseInput } from '@lbf/service-kit';
import { decodeCursor, encodeCursor, hideInput, pageSize, reviewerDisplayName, reviewInput, roundedAverage } from './rules';

const itemId = '3f1e1c4a-1111-4222-8333-944455556666';

describe('a review’s rules', () => {
  it('takes 1 to 5 whole stars, and words up to 2000 characters, trimmed', () => {
    expect(parseInput(reviewInput, { itemId, rating: 5, text: '  Très clair.  ' })).toEqual({ ok: true, value: { itemId, rating: 5, text: 'Très clair.' } });
    expect(parseInput(reviewInput, { itemId, rating: 3 })).toEqual({ ok: true, value: { itemId, rating: 3, text: '' } });
    for (const rating of [0, 6, 2.5]) {
      expect(parseInput(reviewInput, { itemId, rating })).toMatchObject({ ok: false, error: { message: 'Choisissez une note de 1 à 5 étoiles.', field: 'rating' } });
    }
    expect(parseInput(reviewInput, { itemId, rating: 4, text: 'a'.repeat(2001) })).toMatchObject({
      ok: false,
      error: { message: 'Votre avis ne peut pas dépasser 2000 caractères.', field: 'text' },
    });
  });

  it('needs a reason to hide one', () => {
    expect(parseInput(hideInput, { id: itemId, reason: '   ' })).toMatchObject({ ok: false, error: { message: 'Indiquez la raison pour laquelle cet avis est masqué.', field: 'reason' } });
    expect(parseInput(hideInput, { id: itemId, reason: ' Propos injurieux ' })).toEqual({ ok: true, value: { id: itemId, reason: 'Propos injurieux' } });
  });

  it('shows the reviewer by first name and initial only', () => {
    expect(reviewerDisplayName('Awa Diallo')).toBe('Awa D.');
    expect(reviewerDisplayName('  Inès  ngo  Biyong ')).toBe('Inès N.');
    expect(reviewerDisplayName('Zénaïde Éboué')).toBe('Zénaïde É.');
    expect(reviewerDisplayName('Mariam')).toBe('Mariam');
    expect(reviewerDisplayName(null)).toBe('Client vérifié');
  });

  it('averages with one decimal, and gives nothing without reviews', () => {
    expect(roundedAverage(17, 4)).toBe(4.3);
    expect(roundedAverage(5, 1)).toBe(5);
    expect(roundedAverage(0, 0)).toBeNull();
  });

  it('reads back the cursors it makes, and ignores others', () => {
    const c = { createdAt: new Date('2026-11-20T10:00:00.000Z'), id: itemId };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor('n’importe quoi')).toBeNull();
    expect(decodeCursor(null)).toBeNull();
    expect([pageSize(undefined), pageSize(0), pageSize(500)]).toEqual([10, 1, 50]);
  });
});
