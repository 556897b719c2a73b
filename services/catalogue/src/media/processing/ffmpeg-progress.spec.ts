import { FfmpegProgress, stagePercent } from './ffmpeg-progress';

describe('ffmpeg -progress pipe:1', () => {
  it('follows out_time_us across chunks cut anywhere, and reports at each block end', () => {
    const p = new FfmpegProgress();
    expect(p.feed('frame=10\nout_time_us=N/A\nprog')).toBe(false);
    expect(p.outSeconds).toBe(0);
    expect(p.feed('ress=continue\nframe=20\nout_time_us=4500')).toBe(true);
    expect(p.feed('000\nout_time_ms=4500000\nprogress=continue\n')).toBe(true);
    expect(p.outSeconds).toBe(4.5);
    expect(p.fraction(9)).toBe(0.5);
    expect(p.ended).toBe(false);
  });

  it('ignores negative times and never goes backwards', () => {
    const p = new FfmpegProgress();
    p.feed('out_time_us=3000000\nprogress=continue\nout_time_us=-23220\nprogress=continue\n');
    expect(p.outSeconds).toBe(3);
  });

  it('is complete at progress=end, and 0 without a duration', () => {
    const p = new FfmpegProgress();
    p.feed('out_time_us=1000000\nprogress=continue\n');
    expect(p.fraction(null)).toBe(0);
    p.feed('out_time_us=2000000\nprogress=end\n');
    expect(p.fraction(100)).toBe(1);
  });

  it('maps a stage onto the overall percentage, never 100 before the switch', () => {
    expect(stagePercent(2, 80, 0)).toBe(2);
    expect(stagePercent(2, 80, 0.5)).toBe(41);
    expect(stagePercent(80, 99, 1)).toBe(99);
    expect(stagePercent(0, 100, 1)).toBe(99);
    expect(stagePercent(2, 80, 7)).toBe(80);
  });
});
