import { describe, expect, it } from '@jest/globals';
import { entryPath, mediaFiles, playlistsOf, singleRungMaster } from './playlists';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,URI="audio/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=200000,AUDIO="aud"',
  '234p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=450000,AUDIO="aud"',
  '360p/index.m3u8',
  '',
].join('\n');

describe('offline playlists', () => {
  it('lists the init segment and the segments of a media playlist', () => {
    const playlist = ['#EXTM3U', '#EXT-X-MAP:URI="init.mp4"', '#EXT-X-KEY:METHOD=AES-128,URI="../key"', '#EXTINF:2.0,', 'seg_00000.m4s', '#EXTINF:2.0,', 'seg_00001.m4s', '#EXT-X-ENDLIST'].join('\n');
    expect(mediaFiles(playlist)).toEqual(['init.mp4', 'seg_00000.m4s', 'seg_00001.m4s']);
  });

  it('keeps one rung of the master with its audio group', () => {
    const one = singleRungMaster(MASTER, '360p');
    expect(one).toContain('URI="audio/index.m3u8"');
    expect(one).toContain('360p/index.m3u8');
    expect(one).not.toContain('234p');
  });

  it('keeps the rung’s and the audio’s playlists, the audio’s alone for audio only', () => {
    expect(playlistsOf('234p')).toEqual(['234p/index.m3u8', 'audio/index.m3u8']);
    expect(playlistsOf('audio')).toEqual(['audio/index.m3u8']);
    expect(entryPath('audio')).toBe('audio/index.m3u8');
    expect(entryPath('480p')).toBe('master.m3u8');
  });
});
