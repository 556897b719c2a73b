import { parseByteRange } from './byte-range';

describe('HTTP Range header', () => {
  it('reads a closed range, an open range and a suffix', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('bounds the end by the size', () => {
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers the first of several ranges', () => {
    expect(parseByteRange('bytes=0-1, 5-9', 1000)).toEqual({ start: 0, end: 1 });
  });

  it('says unsatisfiable when the range starts past the end', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores headers it cannot read, so the whole object is sent', () => {
    expect(parseByteRange(undefined, 10)).toBeNull();
    expect(parseByteRange('items=0-1', 10)).toBeNull();
    expect(parseByteRange('bytes=5-2', 10)).toBeNull();
    expect(parseByteRange('bytes=abc', 10)).toBeNull();
  });
});
