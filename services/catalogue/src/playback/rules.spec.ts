import {
  clampPosition,
  LESSON_DATA_MONTHLY_CAP_BYTES,
  lessonDataMonth,
  lessonDataReport,
  DEFAULT_STREAM_TTL_SECONDS,
  MAX_STREAM_TTL_SECONDS,
  parseStreamRequest,
  progressView,
  renditionViews,
  resumeAt,
  streamContentType,
  streamTtlSeconds,
  viewCountable,
  viewDay,
  visitorStreamTtlSeconds,
} from './rules';

const TOKEN = 'eyJ2aWRlb0lkIjoieCJ9.c2lnbmF0dXJl_-';

describe('a signed-out visitor’s stream token lifetime', () => {
  it('is the preview’s length and 15 minutes, never more than the configured time', () => {
    expect(visitorStreamTtlSeconds(DEFAULT_STREAM_TTL_SECONDS, 60)).toBe(60 + 900);
    expect(visitorStreamTtlSeconds(DEFAULT_STREAM_TTL_SECONDS, 59.2)).toBe(60 + 900);
    expect(visitorStreamTtlSeconds(600, 60)).toBe(600);
    expect(visitorStreamTtlSeconds(0, 60)).toBe(60 + 900);
  });
});

describe('stream token lifetime', () => {
  it('is the configured time for a short lesson', () => {
    expect(streamTtlSeconds(DEFAULT_STREAM_TTL_SECONDS, 600)).toBe(7200);
    expect(streamTtlSeconds(900, null)).toBe(900);
  });

  it('stretches for a video longer than it, but never past the ceiling', () => {
    expect(streamTtlSeconds(7200, 3 * 3600)).toBe(3 * 3600 + 900);
    expect(streamTtlSeconds(7200, 20 * 3600)).toBe(MAX_STREAM_TTL_SECONDS);
    expect(streamTtlSeconds(10 ** 9, 60)).toBe(MAX_STREAM_TTL_SECONDS);
  });

  it('falls back to the default for a nonsense configuration', () => {
    expect(streamTtlSeconds(0, 60)).toBe(DEFAULT_STREAM_TTL_SECONDS);
    expect(streamTtlSeconds(Number.NaN, 60)).toBe(DEFAULT_STREAM_TTL_SECONDS);
  });
});

describe('stream request paths', () => {
  it('accepts the master, rendition files and the key', () => {
    expect(parseStreamRequest(`/${TOKEN}/master.m3u8`)).toEqual({ token: TOKEN, file: { kind: 'file', path: 'master.m3u8' } });
    expect(parseStreamRequest(`/${TOKEN}/234p/seg_00012.m4s`)).toEqual({ token: TOKEN, file: { kind: 'file', path: '234p/seg_00012.m4s' } });
    expect(parseStreamRequest(`/${TOKEN}/audio/init.mp4`)?.file).toEqual({ kind: 'file', path: 'audio/init.mp4' });
    expect(parseStreamRequest(`/${TOKEN}/key`)).toEqual({ token: TOKEN, file: { kind: 'key' } });
  });

  it.each([
    '../master.m3u8',
    '234p/../../v1/full/master.m3u8',
    '%2e%2e/master.m3u8',
    '234p%2fseg_00000.m4s',
    '234p/seg_00000.m4s/',
    '234p//seg_00000.m4s',
    '1080p/index.m3u8',
    '234p/seg_0001.m4s',
    'full/master.m3u8',
    'master.m3u8.bak',
    'key/',
    'KEY',
    '',
  ])('refuses %s', (path) => {
    expect(parseStreamRequest(`/${TOKEN}/${path}`)).toBeNull();
  });

  it('refuses a request without a well-formed token', () => {
    expect(parseStreamRequest('/master.m3u8')).toBeNull();
    expect(parseStreamRequest('/abc/master.m3u8')).toBeNull();
    expect(parseStreamRequest(`/${TOKEN}%2e/master.m3u8`)).toBeNull();
  });

  it('names the content type of each file', () => {
    expect(streamContentType('master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(streamContentType('audio/index.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(streamContentType('234p/init.mp4')).toBe('video/mp4');
    expect(streamContentType('234p/seg_00000.m4s')).toBe('video/mp4');
  });
});

describe('rendition costs', () => {
  it('sorts lowest first with audio last and adds the audio to each video rung', () => {
    const views = renditionViews([
      { name: 'audio', width: null, height: null, bandwidth: 52_000, bytes: 3_800_000 },
      { name: '360p', width: 640, height: 360, bandwidth: 420_000, bytes: 27_700_000 },
      { name: '234p', width: 416, height: 234, bandwidth: 200_000, bytes: 11_240_000 },
    ]);
    expect(views).toEqual([
      { name: '234p', height: 234, bandwidth: 200_000, megabytes: 15, bytes: 15_040_000 },
      { name: '360p', height: 360, bandwidth: 420_000, megabytes: 31.5, bytes: 31_500_000 },
      { name: 'audio', height: null, bandwidth: 52_000, megabytes: 3.8, bytes: 3_800_000 },
    ]);
  });

  it('is empty before the ladder exists', () => {
    expect(renditionViews([])).toEqual([]);
  });
});

describe('lesson data reports', () => {
  const video = {
    hlsRenditions: [
      { name: '234p', width: 416, height: 234, bandwidth: 200_000, bytes: 10_000_000 },
      { name: 'audio', width: null, height: null, bandwidth: 52_000, bytes: 4_000_000 },
    ],
    previewRenditions: [{ name: '234p', width: 416, height: 234, bandwidth: 200_000, bytes: 1_000_000 }],
  };

  it('takes a whole number of bytes from 1, and refuses anything else', () => {
    expect(lessonDataReport(1, video)).toBe(1);
    expect(lessonDataReport(2_500_000, video)).toBe(2_500_000);
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(lessonDataReport(bad, video)).toBeNull();
  });

  it('clamps one report to twice what the ladders of the video hold', () => {
    expect(lessonDataReport(1e12, video)).toBe(30_000_000);
  });

  it('counts in the UTC calendar month, and caps a month at 100 Go', () => {
    expect(lessonDataMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(lessonDataMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    expect(LESSON_DATA_MONTHLY_CAP_BYTES).toBe(100e9);
  });
});

describe('watch progress', () => {
  it('clamps a position to the video and refuses a non-number', () => {
    expect(clampPosition(-3, 100)).toBe(0);
    expect(clampPosition(250, 100)).toBe(100);
    expect(clampPosition(42.5, null)).toBe(42.5);
    expect(clampPosition(Number.NaN, 100)).toBeNull();
    expect(clampPosition(Number.POSITIVE_INFINITY, 100)).toBeNull();
  });

  it('reports a percent and completion from the last 5 %', () => {
    expect(progressView(30, 120)).toEqual({ positionSeconds: 30, percent: 25, completed: false });
    expect(progressView(114, 120)).toEqual({ positionSeconds: 114, percent: 95, completed: true });
    expect(progressView(113.9, 120).completed).toBe(false);
    expect(progressView(10, null)).toEqual({ positionSeconds: 10, percent: 0, completed: false });
  });

  it('resumes at the saved position unless the viewer had finished', () => {
    expect(resumeAt(42, 120)).toBe(42);
    expect(resumeAt(118, 120)).toBeNull();
    expect(resumeAt(null, 120)).toBeNull();
    expect(resumeAt(0, 120)).toBeNull();
  });
});

describe('views', () => {
  it('count only after 10 s of a playback session', () => {
    expect(viewCountable(null, 50_000)).toBe(false);
    expect(viewCountable(40_001, 50_000)).toBe(false);
    expect(viewCountable(40_000, 50_000)).toBe(true);
  });

  it('belong to the UTC day', () => {
    expect(viewDay(new Date('2026-11-23T23:59:59.999Z'))).toBe('2026-11-23');
    expect(viewDay(new Date('2026-11-24T00:30:00+01:00'))).toBe('2026-11-23');
  });
});
