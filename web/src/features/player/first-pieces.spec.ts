import { describe, expect, it } from '@jest/globals';
import { firstPiecePaths } from './first-pieces';

const renditions = [
  { name: '234p', height: 234, bandwidth: 200_000, megabytes: 4 },
  { name: '360p', height: 360, bandwidth: 400_000, megabytes: 8 },
  { name: 'audio', height: null, bandwidth: 48_000, megabytes: 1 },
];

describe('the first frame’s files, asked for at once', () => {
  it('a lesson from its start: the master, the lowest rung and the audio (playlists, inits, first segments) and the key', () => {
    expect(firstPiecePaths({ mode: 'FULL', renditions, resumeAtSeconds: 0 }, false)).toEqual([
      'master.m3u8',
      '234p/index.m3u8',
      'audio/index.m3u8',
      'key',
      '234p/init.mp4',
      'audio/init.mp4',
      '234p/seg_00000.m4s',
      'audio/seg_00000.m4s',
    ]);
  });

  it('the preview has no key; a saved position leaves the segment to hls.js', () => {
    expect(firstPiecePaths({ mode: 'PREVIEW', renditions, resumeAtSeconds: null }, false)).not.toContain('key');
    expect(firstPiecePaths({ mode: 'FULL', renditions, resumeAtSeconds: 42 }, false).filter((p) => p.includes('seg_'))).toEqual([]);
  });

  it('audio only: the audio playlist (the session’s audioUrl) and its files, no master, no picture', () => {
    expect(firstPiecePaths({ mode: 'FULL', renditions, resumeAtSeconds: 0 }, true)).toEqual(['audio/index.m3u8', 'key', 'audio/init.mp4', 'audio/seg_00000.m4s']);
  });
});
