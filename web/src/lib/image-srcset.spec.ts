import { describe, expect, it } from '@jest/globals';
import { buildSrcSet, candidateWidths, fallbackWidth, variantBase, variantUrl } from './image-srcset';

const SIGNED = '/media/videos/1700000000000-ab12cd-thumb-cours%20du%20matin.jpg?exp=1700003600&sig=abc_DEF-123';

describe('variantBase', () => {
  it('turns a signed media read into the variants of the same object, signature dropped', () => {
    expect(variantBase(SIGNED)).toBe('/media/img/videos/1700000000000-ab12cd-thumb-cours%20du%20matin.jpg');
    expect(variantBase('/media/pdfs/170-x-illustration-guide.png?exp=1&sig=s')).toBe('/media/img/pdfs/170-x-illustration-guide.png');
  });

  it('keeps the origin of an absolute media URL', () => {
    expect(variantBase('https://lbf.example/media/pdfs/k.png?exp=1&sig=s')).toBe('https://lbf.example/media/img/pdfs/k.png');
  });

  it('leaves alone what is not an image read of ours', () => {
    for (const src of [
      null,
      undefined,
      '',
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:http://localhost/123',
      '/media/stream/token/master.m3u8',
      '/media/other/k.png',
      '/media/videos/k.png/extra',
      '/media/pdfs/guide.pdf?exp=1&sig=s&dl=guide.pdf',
      'https://cdn.example/images/k.png',
    ])
      expect([src, variantBase(src)]).toEqual([src, null]);
  });
});

describe('buildSrcSet', () => {
  const base = '/media/img/videos/k.jpg';

  it('lists every width of the fixed list with its w descriptor', () => {
    expect(buildSrcSet(base, 'webp')).toBe(
      '/media/img/videos/k.jpg/160.webp 160w, /media/img/videos/k.jpg/320.webp 320w, /media/img/videos/k.jpg/480.webp 480w, ' +
        '/media/img/videos/k.jpg/640.webp 640w, /media/img/videos/k.jpg/960.webp 960w, /media/img/videos/k.jpg/1280.webp 1280w',
    );
  });

  it('stops at the largest width useful for the box, never below the smallest', () => {
    expect(candidateWidths(640)).toEqual([160, 320, 480, 640]);
    expect(candidateWidths(700)).toEqual([160, 320, 480, 640]);
    expect(candidateWidths(96)).toEqual([160]);
    expect(buildSrcSet(base, 'avif', { maxWidth: 320 })).toBe('/media/img/videos/k.jpg/160.avif 160w, /media/img/videos/k.jpg/320.avif 320w');
  });

  it('in the low-data mode announces each file twice as wide, so the browser takes half the width', () => {
    expect(buildSrcSet(base, 'jpeg', { maxWidth: 480, lowData: true })).toBe(
      '/media/img/videos/k.jpg/160.jpeg 320w, /media/img/videos/k.jpg/320.jpeg 640w, /media/img/videos/k.jpg/480.jpeg 960w',
    );
  });

  it('only ever names widths the server accepts', () => {
    const accepted = new Set(['160', '320', '480', '640', '960', '1280']);
    for (const maxWidth of [1, 100, 200, 500, 1000, 5000])
      for (const lowData of [false, true])
        for (const entry of buildSrcSet(base, 'webp', { maxWidth, lowData }).split(', '))
          expect(accepted.has(/\/(\d+)\.webp /.exec(entry)![1]!)).toBe(true);
  });
});

describe('fallbackWidth and variantUrl', () => {
  it('gives a middle width for the plain src, a smaller one in the low-data mode', () => {
    expect(fallbackWidth()).toBe(640);
    expect(fallbackWidth({ lowData: true })).toBe(320);
    expect(fallbackWidth({ maxWidth: 192 })).toBe(160);
    expect(variantUrl('/media/img/pdfs/k.png', 480, 'jpeg')).toBe('/media/img/pdfs/k.png/480.jpeg');
  });
});
