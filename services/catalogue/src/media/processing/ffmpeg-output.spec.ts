import { parseFfmpegDuration, parseSourceInfo, thumbnailTime } from './ffmpeg-output';

describe('reading ffmpeg output', () => {
  it('reads the duration in whole seconds', () => {
    const report = "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':\n  Duration: 00:15:30.48, start: 0.000000, bitrate: 2 kb/s";
    expect(parseFfmpegDuration(report)).toBe(930);
    expect(parseFfmpegDuration('Duration: 01:00:00.00,')).toBe(3600);
  });

  it('returns null when the duration is unknown', () => {
    expect(parseFfmpegDuration('Duration: N/A, bitrate: N/A')).toBeNull();
    expect(parseFfmpegDuration('x.mp4: Invalid data found when processing input')).toBeNull();
  });

  it('grabs the thumbnail one second in, or halfway through a very short video', () => {
    expect(thumbnailTime(930)).toBe(1);
    expect(thumbnailTime(1)).toBe(0.5);
    expect(thumbnailTime(null)).toBe(0);
  });
});

describe('reading a source for the streaming pipeline', () => {
  it('reads the video size, duration and audio', () => {
    const report = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':
  Duration: 00:00:12.02, start: 0.000000, bitrate: 131 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 640x360 [SAR 1:1 DAR 16:9], 51 kb/s, 25 fps, 25 tbr, 12800 tbn, 50 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 73 kb/s (default)`;
    expect(parseSourceInfo(report)).toEqual({ durationSeconds: 12, exactSeconds: 12.02, width: 640, height: 360, hasAudio: true });
  });

  it('knows a source without audio, and refuses one without video', () => {
    expect(parseSourceInfo('Duration: 00:10:00.00,\n    Stream #0:0(und): Video: h264 (High), yuv420p(tv, bt709), 1280x720, 1 fps')).toMatchObject({ height: 720, hasAudio: false });
    expect(parseSourceInfo("x.mp4: Invalid data found when processing input")).toBeNull();
    expect(parseSourceInfo('Duration: 00:01:00.00,\n    Stream #0:0: Audio: mp3, 44100 Hz, stereo')).toBeNull();
  });
});
