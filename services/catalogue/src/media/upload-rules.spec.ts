import { claimedTypeFits, DEFAULT_UPLOAD_LIMITS, DERIVED_PREFIX_PATTERN, formatLimit, isStorableKey, OBJECT_KEY_PATTERN, objectKeyFor, safeFileName, tooLargeError } from './upload-rules';

describe('upload rules', () => {
  it('names the limit in the refusal message', () => {
    expect(formatLimit(DEFAULT_UPLOAD_LIMITS.videoBytes)).toBe('2 GB');
    expect(formatLimit(DEFAULT_UPLOAD_LIMITS.pdfBytes)).toBe('100 MB');
    expect(formatLimit(1.5 * 1024 ** 3)).toBe('1,5 GB');
    expect(tooLargeError('PDF', DEFAULT_UPLOAD_LIMITS).message).toBe('Le fichier dépasse la taille maximale autorisée (100 MB).');
  });

  it('checks the claimed type loosely per kind', () => {
    expect(claimedTypeFits('VIDEO', 'video/mp4')).toBe(true);
    expect(claimedTypeFits('VIDEO', 'application/pdf')).toBe(false);
    expect(claimedTypeFits('PDF', 'application/pdf')).toBe(true);
    expect(claimedTypeFits('THUMBNAIL', 'image/png')).toBe(true);
    expect(claimedTypeFits('ILLUSTRATION', 'text/html')).toBe(false);
  });

  it('makes object keys that are safe on disk and in S3, whatever the file was called', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('Remèdes d’été (final).MP4')).toBe('Remedes-d-ete-final-.MP4');
    expect(safeFileName('...')).toBe('fichier');
    const key = objectKeyFor('THUMBNAIL', 'Miniature été.png', new Date(1_700_000_000_000), 'ab12cd');
    expect(key).toBe('1700000000000-ab12cd-thumb-Miniature-ete.png');
    expect(OBJECT_KEY_PATTERN.test(key)).toBe(true);
    expect(OBJECT_KEY_PATTERN.test(objectKeyFor('VIDEO', 'x'.repeat(500), new Date(), 'r'))).toBe(true);
  });
});

describe('derived keys', () => {
  const id = '0b6f3f2e-8d4c-4a57-9d1e-3f0a2b1c4d5e';
  it('accepts the streaming and stamped-copy shapes only', () => {
    expect(isStorableKey(`hls/${id}/v3/full/234p/seg_00012.m4s`)).toBe(true);
    expect(isStorableKey(`hls/${id}/v3/preview/master.m3u8`)).toBe(true);
    expect(isStorableKey(`stamped/${id}.pdf`)).toBe(true);
    for (const bad of [`hls/${id}/v3/full/../../x`, `hls/${id}/v3/full/234p/../audio/index.m3u8`, `hls/${id}/v3/other/master.m3u8`, `hls/x/v1/full/master.m3u8`, `/etc/passwd`, `stamped/../${id}.pdf`]) {
      expect(isStorableKey(bad)).toBe(false);
    }
    expect(DERIVED_PREFIX_PATTERN.test(`hls/${id}/`)).toBe(true);
    expect(DERIVED_PREFIX_PATTERN.test(`hls/${id}/v2/`)).toBe(true);
    expect(DERIVED_PREFIX_PATTERN.test(`hls/`)).toBe(false);
    expect(DERIVED_PREFIX_PATTERN.test(`hls/${id}/../`)).toBe(false);
  });
});
