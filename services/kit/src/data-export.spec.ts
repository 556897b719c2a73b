import { decodeExportPart, encodeExportPart, EXPORT_PART_MAX_CHARS } from './data-export';
import { randomBytes } from 'node:crypto';

describe('an export part as its event carries it', () => {
  it('comes back as it left, accents and all, in one piece when small', () => {
    const part = { profile: { firstName: 'Zénaïde', email: 'zenaide@exemple.test' }, orders: [{ id: 1, amount: 2356 }] };
    const pieces = encodeExportPart(part);
    expect(pieces).toHaveLength(1);
    expect(decodeExportPart(pieces[0]!)).toEqual(part);
  });

  it('cuts a part too large for one message into pieces that, put end to end, give it back', () => {
    // Random hex gzips to about half: about 1.3 pieces' worth once in base64.
    const part = { visits: randomBytes(EXPORT_PART_MAX_CHARS * 0.9).toString('hex') };
    const pieces = encodeExportPart(part);
    expect(pieces.map((p) => p.length <= EXPORT_PART_MAX_CHARS)).toEqual([true, true]);
    expect(decodeExportPart(pieces.join(''))).toEqual(part);
  });

  it('refuses a part that would need more than the pieces allowed, rather than cutting it', () => {
    const part = { visits: randomBytes(3000).toString('hex') };
    expect(encodeExportPart(part, { chars: 1000, pieces: 8 })).toHaveLength(5);
    expect(() => encodeExportPart(part, { chars: 1000, pieces: 4 })).toThrow(/over 4 pieces of 1000/);
  });
});
