import { parseFfmpegDuration, thumbnailTime } from './ffmpeg-output';

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
