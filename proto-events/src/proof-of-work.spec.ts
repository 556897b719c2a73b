import { leadingZeroBits } from './proof-of-work';

describe('proof of work', () => {
  it('counts the leading zero bits of a digest', () => {
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x0f]))).toBe(12);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x00]))).toBe(16);
  });
});
