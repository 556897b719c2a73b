import { licenceStamp, orderReference, printable, UNNAMED_BUYER } from './pdf-licence';

const ORDER = '3f1c2b7a-8d3b-4a57-9d7e-2f9f4f1b6a10';

describe('the licence stamped on a buyer copy', () => {
  it('names the buyer, their e-mail and the receipt number', () => {
    const s = licenceStamp({ orderId: ORDER, receiptNumber: 'LBF-2026-000042', buyerName: 'Ŋgono Ɛyenga', buyerEmail: 'ngono@example.cm' });
    expect(s.footer).toBe('Licence personnelle — Ŋgono Ɛyenga — ngono@example.cm — commande LBF-2026-000042');
    expect(s.mark).toBe('ngono@example.cm');
    expect(s.subject).toBe(s.footer);
    expect(s.keywords).toEqual(['Licence personnelle', 'Ŋgono Ɛyenga', 'ngono@example.cm', 'LBF-2026-000042']);
  });

  it('falls back to the order id without a receipt number, and to "Client LBF" without a name', () => {
    const s = licenceStamp({ orderId: ORDER, receiptNumber: null, buyerName: null, buyerEmail: 'awa@example.cm' });
    expect(s.footer).toBe(`Licence personnelle — ${UNNAMED_BUYER} — awa@example.cm — commande ${ORDER}`);
    expect(s.keywords).toEqual(['Licence personnelle', 'Client LBF', 'awa@example.cm', ORDER]);
    expect(orderReference({ orderId: ORDER, receiptNumber: '   ' })).toBe(ORDER);
  });

  it('leaves the e-mail out when unknown, and marks the page with the name instead', () => {
    const s = licenceStamp({ orderId: ORDER, receiptNumber: 'LBF-2026-000001', buyerName: '  ', buyerEmail: null });
    expect(s.footer).toBe('Licence personnelle — Client LBF — commande LBF-2026-000001');
    expect(s.mark).toBe('Client LBF');
    expect(s.keywords).toEqual(['Licence personnelle', 'Client LBF', 'LBF-2026-000001']);
  });

  it('keeps a name on one line: no line breaks, bidi overrides or zero-width characters, spaces folded', () => {
    expect(printable('Awa\n\u202eMbarga\u200d  \t Ndiaye ')).toBe('Awa Mbarga Ndiaye');
    // Composed, so a decomposed accent prints as one glyph.
    expect(printable('Ade\u0301le')).toBe('Ad\u00e9le');
  });

  it('cuts an overlong name at whole characters', () => {
    const long = 'Ɛ'.repeat(200);
    const cut = printable(long);
    expect(Array.from(cut)).toHaveLength(80);
    expect(cut.endsWith('…')).toBe(true);
  });
});
