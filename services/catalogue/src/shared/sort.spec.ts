import { pdfOrder, VIDEO_SORTS, videoOrder } from './sort';

describe('sort option mapping', () => {
  it('sorts newest by creation date, latest first', () => {
    expect(videoOrder('NEWEST')[0]).toEqual({ property: 'createdAt', direction: 'DESC' });
  });

  it('maps each price and title option to its column and direction', () => {
    expect(videoOrder('PRICE_LOW')[0]).toEqual({ property: 'priceCents', direction: 'ASC' });
    expect(videoOrder('PRICE_HIGH')[0]).toEqual({ property: 'priceCents', direction: 'DESC' });
    expect(videoOrder('A_Z')[0]).toEqual({ property: 'titleKey', direction: 'ASC' });
    expect(videoOrder('Z_A')[0]).toEqual({ property: 'titleKey', direction: 'DESC' });
  });

  it('sorts durations in seconds with unknown durations last, short or long', () => {
    expect(videoOrder('DURATION_SHORT')[0]).toEqual({ property: 'durationSeconds', direction: 'ASC', nulls: 'NULLS LAST' });
    expect(videoOrder('DURATION_LONG')[0]).toEqual({ property: 'durationSeconds', direction: 'DESC', nulls: 'NULLS LAST' });
  });

  it('ends every order with a unique tie-breaker so pages never overlap', () => {
    for (const sort of VIDEO_SORTS) expect(videoOrder(sort).at(-1)).toEqual({ property: 'id', direction: 'DESC' });
  });

  it('offers the most downloaded guides first for PDFs', () => {
    expect(pdfOrder('POPULAR')[0]).toEqual({ property: 'downloadCount', direction: 'DESC' });
    expect(pdfOrder('A_Z')).toEqual(videoOrder('A_Z'));
  });
});
