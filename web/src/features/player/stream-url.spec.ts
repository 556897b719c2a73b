import { describe, expect, it } from '@jest/globals';
import { isKeyUrl, isMediaUrl, streamFolder, streamParts, withToken } from './stream-url';

describe('stream URLs', () => {
  const segment = 'http://localhost:4000/media/stream/abc.DEF-1_2/234p/seg_00003.m4s';

  it('finds the token and the path below it', () => {
    expect(streamParts(segment)).toEqual({ token: 'abc.DEF-1_2', path: '/234p/seg_00003.m4s' });
    expect(streamParts('/media/uploads/x.mp4')).toBeNull();
  });

  it('moves a file to another session without touching anything else', () => {
    expect(withToken(segment, 'new')).toBe('http://localhost:4000/media/stream/new/234p/seg_00003.m4s');
    expect(withToken('/media/stream/old/master.m3u8?x=1', 'new')).toBe('/media/stream/new/master.m3u8?x=1');
    expect(withToken('https://elsewhere.test/a.m3u8', 'new')).toBe('https://elsewhere.test/a.m3u8');
  });

  it('recognises only the key URL', () => {
    expect(isKeyUrl('http://h/media/stream/t/key')).toBe(true);
    expect(isKeyUrl('http://h/media/stream/t/234p/key.m4s')).toBe(false);
    expect(isKeyUrl('http://h/media/stream/t/234p/index.m3u8')).toBe(false);
  });

  it('counts init and media segments as lesson data, not playlists nor the key', () => {
    expect(isMediaUrl(segment)).toBe(true);
    expect(isMediaUrl('http://h/media/stream/t/full/audio/init.mp4')).toBe(true);
    expect(isMediaUrl('http://h/media/stream/t/full/234p/index.m3u8')).toBe(false);
    expect(isMediaUrl('http://h/media/stream/t/key')).toBe(false);
    expect(isMediaUrl('http://h/media/uploads/seg_00001.m4s')).toBe(false);
  });

  it('compares sessions by the folder below the token', () => {
    expect(streamFolder('/media/stream/a/full/master.m3u8')).toBe('/full/');
    expect(streamFolder('/media/stream/b/full/master.m3u8')).toBe(streamFolder('/media/stream/a/full/master.m3u8'));
  });
});
