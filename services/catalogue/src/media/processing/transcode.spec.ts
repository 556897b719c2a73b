import { ladderFor, rungWidth } from './hls-ladder';
import { ladderArgs } from './transcode';

const source = { durationSeconds: 600, exactSeconds: 600.04, width: 1280, height: 720, hasAudio: true };
const rungs = (h: number) => ladderFor(h).map((r) => ({ ...r, width: rungWidth({ width: 1280, height: 720 }, r.height) }));

describe('the ffmpeg command of a ladder', () => {
  it('reports progress on stdout and has one hls output per rung plus the shared audio', () => {
    const args = ladderArgs('/in.mp4', source, rungs(720), '/out');
    expect(args.slice(0, 8)).toEqual(['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', '-y']);
    const outputs = args.filter((a) => a.endsWith('index.m3u8'));
    expect(outputs).toEqual(['/out/234p/index.m3u8', '/out/360p/index.m3u8', '/out/480p/index.m3u8', '/out/720p/index.m3u8', '/out/audio/index.m3u8']);
    expect(args).toContain('/out/234p/seg_%05d.m4s');
    expect(args.join(' ')).toContain('-vf scale=416:234 -c:v libx264');
    expect(args.join(' ')).toContain('-crf 23 -maxrate 1800k -bufsize 3600k -an');
    expect(args.join(' ')).toContain('-vf scale=416:234 -c:v libx264 -preset medium');
    expect(args.join(' ')).toContain('-vf scale=1280:720 -c:v libx264 -preset veryfast');
    expect(args).not.toContain('-b:v');
    expect(args.join(' ')).toContain('-map 0:a:0 -vn -c:a aac -b:a 48k -ac 1 -ar 44100');
    expect(args.join(' ')).toContain('-force_key_frames expr:gte(t,n_forced*2)');
    expect(args.filter((a) => a === 'fmp4')).toHaveLength(5);
  });

  it('gives a silent source generated silence of its length', () => {
    const args = ladderArgs('/in.mp4', { ...source, hasAudio: false, height: 360, width: 640 }, rungs(360), '/out').join(' ');
    expect(args).toContain('-f lavfi -i anullsrc=r=44100:cl=mono');
    expect(args).toContain('-map 1:a:0 -t 600.04 -vn');
  });
});
