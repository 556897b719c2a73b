import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_VIDEOS } from '../src/demo/demo-content';
import { detectTools, generateThumbnail, generateVideo, lessonChapters, thumbnailArgs, type LessonOptions, type MediaTools } from '../src/demo/generate-media';
import { BUNDLED_FFMPEG, runFfmpeg } from '../src/media/processing/ffmpeg';

/**
 * The demo lessons `npm start` and the browser tests' stack generate: a moving picture, chapter
 * titles in turn (and as chapter markers), sound, and a thumbnail without the title on it (the card
 * prints the title under the picture; on a phone the play button would cover a drawn one).
 */
let dir: string;
let tools: MediaTools;
let video: string;
let thumbnail: string;
const demo = DEMO_VIDEOS[0]!;
const lesson: LessonOptions = { title: demo.title, label: 'Santé', color: demo.color, durationSeconds: 30, topics: demo.learnItems };
const W = 160;
const H = 90;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lbf-demo-lesson-'));
  tools = await detectTools(BUNDLED_FFMPEG);
  const started = Date.now();
  video = await generateVideo(tools, dir, 'lesson', lesson);
  thumbnail = await generateThumbnail(tools, dir, 'lesson-thumb', lesson);
  process.stdout.write(`a 30 s demo lesson and its thumbnail generated in ${Date.now() - started} ms\n`);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ffmpeg's report of a file (its streams, duration and chapters). */
async function report(file: string, extra: string[] = []): Promise<string> {
  return (await runFfmpeg(BUNDLED_FFMPEG, ['-hide_banner', '-nostdin', '-i', file, ...extra])).stderr;
}

/** One frame (at `atSeconds` of a video, or an image), grey, W×H, one byte a pixel. */
async function greyFrame(file: string, atSeconds: number | null, name: string): Promise<Buffer> {
  const out = join(dir, `${name}.gray`);
  const seek = atSeconds === null ? [] : ['-ss', String(atSeconds)];
  const r = await runFfmpeg(BUNDLED_FFMPEG, [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...seek, '-i', file,
    '-frames:v', '1', '-vf', `scale=${W}:${H},format=gray`, '-f', 'rawvideo', out,
  ]);
  if (r.code !== 0) throw new Error(r.stderr);
  return readFile(out);
}

/** Share of pixels that changed by more than a little between two frames. */
function changed(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 3) n++;
  return n / a.length;
}

/** Sharp horizontal steps in the left part of the frame where the chapter titles are drawn: text has many, a gradient none. */
function textEdges(frame: Buffer): number {
  let edges = 0;
  for (let y = Math.round(H * 0.3); y < Math.round(H * 0.75); y++) {
    for (let x = 0; x < Math.round(W * 0.6); x++) if (Math.abs(frame[y * W + x]! - frame[y * W + x + 1]!) > 40) edges++;
  }
  return edges;
}

describe('a demo lesson', () => {
  it('is drawn with a local font (DejaVu or Liberation: Chromium brings one)', () => {
    expect(tools.font).not.toBeNull();
  });

  it('has a moving picture: two frames of the same chapter differ', async () => {
    expect(await report(video)).toMatch(/Stream #0:\d+[^\n]*: Video: h264[^\n]*640x360/);
    // Chapter 1 runs from 0 to 5 s; its title has finished fading in by 0.8 s.
    const a = await greyFrame(video, 1.5, 'at-1.5');
    const b = await greyFrame(video, 4, 'at-4');
    process.stdout.write(`frames 2.5 s apart in one chapter: ${Math.round(changed(a, b) * 100)} % of the pixels changed\n`);
    expect(changed(a, b)).toBeGreaterThan(0.05);
  });

  it('has sound, not silence', async () => {
    const r = await report(video, ['-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-']);
    expect(r).toMatch(/Stream #0:\d+[^\n]*: Audio: aac/);
    const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(r)?.[1]);
    expect(mean).toBeGreaterThan(-45);
  });

  it('has chapter markers, and draws each chapter title in turn', async () => {
    const chapters = lessonChapters(lesson);
    expect(chapters.map((c) => c.title)).toEqual(['Introduction', ...demo.learnItems, 'En résumé']);
    const r = await report(video);
    const marked = [...r.matchAll(/Chapter #0:\d+: start ([\d.]+), end ([\d.]+)\s+Metadata:\s+title\s*: ([^\n]+)/g)].map((m) => ({
      start: Number(m[1]),
      title: m[3]!.trim(),
    }));
    expect(marked.map((m) => m.title)).toEqual(chapters.map((c) => c.title));
    expect(marked.map((m) => m.start)).toEqual(chapters.map((c) => c.startSeconds));
    // The middle of two chapters: the text area differs far more than the moving backdrop does.
    const first = await greyFrame(video, (chapters[0]!.startSeconds + chapters[0]!.endSeconds) / 2, 'chapter-0');
    const second = await greyFrame(video, (chapters[1]!.startSeconds + chapters[1]!.endSeconds) / 2, 'chapter-1');
    expect(textEdges(first)).toBeGreaterThan(40);
    expect(textEdges(second)).toBeGreaterThan(40);
    expect(changed(first, second)).toBeGreaterThan(0.1);
  });

  it('has a thumbnail without text, unlike the frames of the lesson', async () => {
    expect(thumbnailArgs({ gradient: '/g.png', disc: '/d.png' }, 3, '/t.jpg').join(' ')).not.toContain('drawtext');
    const still = await greyFrame(thumbnail, null, 'thumbnail');
    const frame = await greyFrame(video, 3, 'at-3-again');
    expect(textEdges(still)).toBeLessThan(5);
    expect(textEdges(frame)).toBeGreaterThan(40);
  });
});
