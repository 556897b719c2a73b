import { decodeExportPart, encodeExportPart, EXPORT_PART_MAX_CHARS } from './data-export';
import { randomBytes } from 'node:crypto';

describe('an export part as its event carries it', () => {
  it('comes back as it left, accents and all', () => {
    const part = { profile: { firstName: 'Zénaïde', email: 'zenaide@exemple.test' }, orders: [{ id: 1, amount: 2356 }] };
    expect(decodeExportPart(encodeExportPart(part))).toEqual(part);
  });

  it('refuses a part too large for one message rather than cutting it', () => {
    const noise = randomBytes(EXPORT_PART_MAX_CHARS).toString('hex');
    expect(() => encodeExportPart({ visits: noise })).toThrow(/over/);
  });
});
