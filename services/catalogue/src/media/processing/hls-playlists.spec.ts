import { avcCodecOf, bitrates, masterPlaylist, playlistSegments, truncatePlaylist, withKeyTag } from './hls-playlists';

const MEDIA = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXTINF:2.000000,
seg_00000.m4s
#EXTINF:2.000000,
seg_00001.m4s
#EXTINF:2.000000,
seg_00002.m4s
#EXTINF:1.500000,
seg_00003.m4s
#EXT-X-ENDLIST
`;

describe('media playlists', () => {
  it('lists the segments with their durations', () => {
    expect(playlistSegments(MEDIA)).toEqual([
      { duration: 2, uri: 'seg_00000.m4s' },
      { duration: 2, uri: 'seg_00001.m4s' },
      { duration: 2, uri: 'seg_00002.m4s' },
      { duration: 1.5, uri: 'seg_00003.m4s' },
    ]);
  });

  it('puts the key line right after EXT-X-MAP, once', () => {
    const tag = '#EXT-X-KEY:METHOD=AES-128,URI="../key"';
    const keyed = withKeyTag(MEDIA, tag);
    const lines = keyed.split('\n');
    expect(lines[lines.indexOf('#EXT-X-MAP:URI="init.mp4"') + 1]).toBe(tag);
    expect(withKeyTag(keyed, tag)).toBe(keyed);
    expect(keyed.replace(`${tag}\n`, '')).toBe(MEDIA);
    expect(() => withKeyTag('#EXTM3U\n#EXTINF:2,\na.ts\n', tag)).toThrow(/EXT-X-MAP/);
  });

  it('cuts the preview on whole segments covering the seconds asked, ending the list', () => {
    const cut = truncatePlaylist(MEDIA, 3);
    expect(cut.segments.map((s) => s.uri)).toEqual(['seg_00000.m4s', 'seg_00001.m4s']);
    expect(cut.playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(cut.playlist).not.toContain('seg_00002.m4s');
    expect(cut.playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(truncatePlaylist(MEDIA, 4).segments).toHaveLength(2);
    expect(truncatePlaylist(MEDIA, 60).segments).toHaveLength(4);
  });
});

describe('the master playlist', () => {
  it('has the audio group and one variant per rung, lowest bandwidth first', () => {
    const text = masterPlaylist(
      [
        { name: '360p', width: 640, height: 360, bandwidth: 450_000, averageBandwidth: 400_000, videoCodec: 'avc1.4d401e' },
        { name: '234p', width: 416, height: 234, bandwidth: 200_000, averageBandwidth: 190_000, videoCodec: 'avc1.4d401e' },
      ],
      { name: 'audio', codec: 'mp4a.40.2' },
    );
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Audio",LANGUAGE="fr",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="1",URI="audio/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=200000,AVERAGE-BANDWIDTH=190000,RESOLUTION=416x234,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud"',
      '234p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=450000,AVERAGE-BANDWIDTH=400000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud"',
      '360p/index.m3u8',
      '',
    ]);
  });

  it('reads the codec string from the init segment avcC box', () => {
    const init = Buffer.concat([Buffer.from('....ftypisom'), Buffer.from([0, 0, 0, 20]), Buffer.from('avcC', 'latin1'), Buffer.from([1, 0x4d, 0x40, 0x1e, 0xff])]);
    expect(avcCodecOf(init)).toBe('avc1.4d401e');
    expect(avcCodecOf(Buffer.from('no box here'))).toBeNull();
  });

  it('takes the peak and the average bit rate from segment sizes', () => {
    expect(bitrates([{ duration: 2, bytes: 50_000 }, { duration: 2, bytes: 25_000 }, { duration: 1, bytes: 5000 }])).toEqual({ peak: 200_000, average: 128_000 });
    expect(bitrates([])).toEqual({ peak: 0, average: 0 });
  });
});
