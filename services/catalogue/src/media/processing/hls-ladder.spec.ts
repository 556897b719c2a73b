import { ladderFor, previewLength, rungWidth } from './hls-ladder';

describe('the streaming ladder', () => {
  it('never goes above the source height', () => {
    expect(ladderFor(720).map((r) => r.name)).toEqual(['234p', '360p', '480p', '720p']);
    expect(ladderFor(1080).map((r) => r.name)).toEqual(['234p', '360p', '480p', '720p']);
    expect(ladderFor(360).map((r) => r.name)).toEqual(['234p', '360p']);
    expect(ladderFor(479).map((r) => r.name)).toEqual(['234p', '360p']);
  });

  it('keeps at least 234p for a tiny or unknown source', () => {
    expect(ladderFor(90).map((r) => r.name)).toEqual(['234p']);
    expect(ladderFor(null).map((r) => r.name)).toEqual(['234p']);
  });

  it('caps each rung at the research rates: 145k, 365k, 730k, 1.8M, with a two-second buffer', () => {
    expect(ladderFor(720).map((r) => r.maxrateK)).toEqual([145, 365, 730, 1800]);
    expect(ladderFor(720).every((r) => r.bufsizeK === 2 * r.maxrateK)).toBe(true);
  });

  it('keeps the source shape with an even width', () => {
    expect(rungWidth({ width: 640, height: 360 }, 234)).toBe(416);
    expect(rungWidth({ width: 1280, height: 720 }, 480)).toBe(854);
    expect(rungWidth({ width: 360, height: 640 }, 234) % 2).toBe(0);
    expect(rungWidth({ width: 0, height: 0 }, 360)).toBe(640);
  });

  it('caps the preview to the video', () => {
    expect(previewLength(60, 930)).toBe(60);
    expect(previewLength(60, 16)).toBe(16);
    expect(previewLength(60, null)).toBe(60);
  });
});
