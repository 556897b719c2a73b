import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { ffmpegStdout, runFfmpeg } from '../media';
import type { DemoGuideSection } from './demo-content';

/**
 * Demo files made on this machine: lessons of a few minutes with a moving picture, chapter titles
 * and sound (H.264 + AAC mp4 when the ffmpeg build has libx264, else VP8 webm), text-free
 * thumbnails, images drawn by ffmpeg, PDFs written with pdf-lib. Everything comes from ffmpeg's
 * own generators (lavfi) and a local font; nothing is downloaded.
 */

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation/LiberationSans-Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

/** A TrueType font ffmpeg's drawtext can use, or null (then images carry colour only, no text). */
export function findFont(): string | null {
  return FONT_CANDIDATES.find((f) => existsSync(f)) ?? null;
}

export interface MediaTools {
  ffmpeg: string;
  font: string | null;
  /** 'mp4' with libx264, else 'webm' (VP8). */
  videoFormat: 'mp4' | 'webm';
  /** drawtext is absent from some ffmpeg builds. */
  drawtext: boolean;
  /** The lessons' sound: AAC in mp4; Opus, else Vorbis, in webm; null when this build has neither (silent lessons). */
  audioCodec: string | null;
}

export async function detectTools(ffmpeg: string): Promise<MediaTools> {
  const [encoders, filters] = await Promise.all([ffmpegStdout(ffmpeg, ['-hide_banner', '-encoders']), ffmpegStdout(ffmpeg, ['-hide_banner', '-filters'])]);
  const drawtext = /\bdrawtext\b/.test(filters);
  const videoFormat = /\blibx264\b/.test(encoders) ? 'mp4' : 'webm';
  const audioCodec = videoFormat === 'mp4' ? 'aac' : (['libopus', 'libvorbis'].find((c) => new RegExp(`\\b${c}\\b`).test(encoders)) ?? null);
  return { ffmpeg, font: drawtext ? findFont() : null, videoFormat, drawtext, audioCodec };
}

/** Breaks a title into lines of at most `width` characters, on spaces. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** drawtext filters for a block of text centred on the frame; text comes from files, so no escaping games. */
async function textFilters(tools: MediaTools, dir: string, name: string, blocks: Array<{ text: string; size: number; y: string }>): Promise<string[]> {
  if (!tools.font) return [];
  const out: string[] = [];
  for (const [i, b] of blocks.entries()) {
    const file = join(dir, `${name}-${i}.txt`);
    await writeFile(file, b.text, 'utf8');
    out.push(
      `drawtext=fontfile='${tools.font}':textfile='${file}':fontcolor=white:fontsize=${b.size}:line_spacing=8:x=(w-text_w)/2:y=${b.y}:shadowcolor=black@0.4:shadowx=2:shadowy=2`,
    );
  }
  return out;
}

export interface LessonOptions {
  title: string;
  /** The category's name, shown small at the top of each frame. */
  label: string;
  /** Background colour (0xRRGGBB). */
  color: string;
  durationSeconds: number;
  /** What the lesson teaches, one chapter each (the video's learnItems), between an introduction and a summary. */
  topics: string[];
}

export interface LessonChapter {
  startSeconds: number;
  endSeconds: number;
  /** The chapter's name (in the file's chapter list). */
  title: string;
  /** Drawn small above the chapter's text ('Introduction', 'Chapitre 2 / 5', 'En résumé'). */
  kicker: string;
  /** Drawn large: the lesson's title for the introduction, the topic, the summary's line. */
  text: string;
}

/** Frames per second of the demo lessons: enough for slow motion, cheap to encode (CI makes them on 2 cores). */
export const LESSON_FPS = 4;
const SIZE = { width: 640, height: 360 } as const;

/** The lesson's chapters, of equal length: an introduction, one per topic, a summary. */
export function lessonChapters(opts: Pick<LessonOptions, 'title' | 'durationSeconds' | 'topics'>): LessonChapter[] {
  const parts = [
    { title: 'Introduction', kicker: 'Introduction', text: opts.title },
    ...opts.topics.map((t, i) => ({ title: t, kicker: `Chapitre ${i + 1} / ${opts.topics.length}`, text: t })),
    { title: 'En résumé', kicker: 'En résumé', text: 'Les points essentiels à retenir' },
  ];
  const each = opts.durationSeconds / parts.length;
  return parts.map((p, i) => ({ ...p, startSeconds: round(i * each), endSeconds: round(i === parts.length - 1 ? opts.durationSeconds : (i + 1) * each) }));
}

const round = (n: number) => Math.round(n * 100) / 100;

/** ffmpeg's metadata file: the lesson's title and its chapters (mp4 and webm keep them as chapter markers). */
export function chapterMetadata(title: string, chapters: LessonChapter[]): string {
  // ffmetadata escapes =, ;, #, \ and line ends with a backslash.
  const esc = (s: string) => s.replace(/[=;#\\\n]/g, (c) => `\\${c}`);
  const lines = [';FFMETADATA1', `title=${esc(title)}`];
  for (const c of chapters) {
    lines.push('[CHAPTER]', 'TIMEBASE=1/1000', `START=${Math.round(c.startSeconds * 1000)}`, `END=${Math.round(c.endSeconds * 1000)}`, `title=${esc(c.title)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The moving picture under a lesson's text (and the whole of its thumbnail): a wide gradient of
 * the lesson's colour panned slowly, with a translucent disc drifting over it. Inputs 0 and 1 are
 * the gradient and the disc (still images, decoded once and repeated by `loop`).
 */
function backdrop(frames: number, out: string): string {
  const repeat = `loop=loop=${frames}:size=1:start=0,setpts=N/${LESSON_FPS}/TB`;
  return [
    `[0:v]format=yuv420p,${repeat},crop=${SIZE.width}:${SIZE.height}:x='${SIZE.width / 2}+${SIZE.width / 2 - 20}*sin(2*PI*t/30)':y=0[bg]`,
    `[1:v]format=yuva420p,${repeat}[disc]`,
    `[bg][disc]overlay=x='W-280+70*sin(2*PI*t/9)':y='H-300+50*cos(2*PI*t/11)':shortest=1${out}`,
  ].join(';');
}

/** One still of the lesson's backdrop at `atSeconds`: the thumbnail, with no text (the card shows the title). */
export function thumbnailArgs(stills: { gradient: string; disc: string }, atSeconds: number, out: string): string[] {
  const frame = Math.round(atSeconds * LESSON_FPS);
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-i', stills.gradient, '-i', stills.disc,
    '-filter_complex', `${backdrop(frame + 1, '')},select='eq(n,${frame})'[v]`,
    '-map', '[v]', '-frames:v', '1', '-q:v', '3', out,
  ];
}

/** Stills already made (or being made) in a folder, by colour: a lesson and its thumbnail share them. */
const madeStills = new Map<string, Promise<{ gradient: string; disc: string }>>();

/** The backdrop's two stills for a colour: the gradient (twice the frame's width, to pan over) and the disc. */
function lessonStills(tools: MediaTools, dir: string, color: string): Promise<{ gradient: string; disc: string }> {
  const key = `${dir}\n${color}`;
  let made = madeStills.get(key);
  if (!made) {
    made = makeStills(tools, dir, color);
    madeStills.set(key, made);
    made.catch(() => madeStills.delete(key));
  }
  return made;
}

async function makeStills(tools: MediaTools, dir: string, color: string): Promise<{ gradient: string; disc: string }> {
  const name = `backdrop-${color.replace(/[^0-9a-z]/gi, '')}`;
  const gradient = join(dir, `${name}-gradient.png`);
  const disc = join(dir, `${name}-disc.png`);
  // The colour darkened on the left, lightened on the right; evaluated on one frame only (geq is slow).
  const shade = (c: string) => `${c}='${c}(X,Y)*(0.45+0.9*X/W)'`;
  const steps: string[][] = [
    ['-f', 'lavfi', '-i', `color=c=${color}:s=${SIZE.width * 2}x${SIZE.height}:d=1`, '-vf', `geq=${shade('r')}:${shade('g')}:${shade('b')}`, '-frames:v', '1', gradient],
    ['-f', 'lavfi', '-i', 'color=c=white:s=240x240:d=1', '-vf', "format=rgba,geq=r=255:g=255:b=255:a='48*lte(hypot(X-120,Y-120),118)'", '-frames:v', '1', disc],
  ];
  for (const args of steps) {
    const { code, stderr } = await runFfmpeg(tools.ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);
    if (code !== 0) throw new Error(`ffmpeg could not make ${name}'s backdrop: ${stderr.slice(0, 800)}`);
  }
  return { gradient, disc };
}

/** Each chapter's kicker and text, shown during the chapter (the text fading in), and the lesson's label on top. */
async function chapterTextFilters(tools: MediaTools, dir: string, name: string, label: string, chapters: LessonChapter[]): Promise<string[]> {
  if (!tools.font) return [];
  const text = async (file: string, content: string, style: string, enable: string | null) => {
    await writeFile(join(dir, file), content, 'utf8');
    return `drawtext=fontfile='${tools.font}':textfile='${join(dir, file)}':fontcolor=white:shadowcolor=black@0.35:shadowx=2:shadowy=2:${style}${enable ? `:enable='${enable}'` : ''}`;
  };
  const out = [await text(`${name}-label.txt`, `${label.toUpperCase()}  ·  LBF`, 'fontsize=16:x=40:y=32:alpha=0.8', null)];
  for (const [i, c] of chapters.entries()) {
    const during = `between(t,${c.startSeconds},${c.endSeconds - 0.01})`;
    out.push(await text(`${name}-kicker-${i}.txt`, c.kicker, 'fontsize=18:x=40:y=118:alpha=0.85', during));
    out.push(await text(`${name}-chapter-${i}.txt`, wrapWords(c.text, 32).join('\n'), `fontsize=28:line_spacing=10:x=40:y=150:alpha='min(1,(t-${c.startSeconds})/0.8)'`, during));
  }
  return out;
}

/**
 * A demo lesson: the moving backdrop, each chapter's title in turn, a progress bar, and a voice-like
 * sound (pink noise and a low tone, shaped into syllables and phrases with pauses); the chapters
 * are also the file's chapter markers. H.264 + AAC in mp4 with libx264, else VP8 (+ Opus or Vorbis) in webm.
 */
export async function generateVideo(tools: MediaTools, dir: string, name: string, opts: LessonOptions): Promise<string> {
  const out = join(dir, `${name}.${tools.videoFormat}`);
  const d = opts.durationSeconds;
  const stills = await lessonStills(tools, dir, opts.color);
  const chapters = lessonChapters(opts);
  const metadata = join(dir, `${name}-chapters.txt`);
  await writeFile(metadata, chapterMetadata(opts.title, chapters), 'utf8');
  const text = await chapterTextFilters(tools, dir, name, opts.label, chapters);
  const rate = 24000;
  const graph = [
    `${backdrop(Math.ceil(d * LESSON_FPS), '[moving]')}`,
    // The bar slides in from the left over the whole lesson.
    `[moving][5:v]overlay=x='-w+W*t/${d}':y=H-h${text.length ? `,${text.join(',')}` : ''}[v]`,
    `[3:a][4:a]amix=inputs=2:weights='1 0.6',highpass=f=120,lowpass=f=3200,volume='0.9*pow(abs(sin(PI*4.1*t+sin(2*PI*0.37*t))),1.5)*gt(sin(2*PI*t/7.1)+0.7,0)':eval=frame[a]`,
  ].join(';');
  const video =
    tools.videoFormat === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
      : ['-c:v', 'libvpx', '-b:v', '150k', '-deadline', 'realtime', '-cpu-used', '8'];
  const audio = tools.audioCodec ? ['-map', '[a]', '-c:a', tools.audioCodec, '-b:a', '48k', '-ac', '1'] : [];
  const { code, stderr } = await runFfmpeg(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-i', stills.gradient,
      '-i', stills.disc,
      '-i', metadata,
      '-f', 'lavfi', '-i', `anoisesrc=c=pink:r=${rate}:a=0.5:d=${d}:nb_samples=256`,
      '-f', 'lavfi', '-i', `sine=f=130:r=${rate}:d=${d}:samples_per_frame=256`,
      '-f', 'lavfi', '-i', `color=c=white:s=${SIZE.width}x4:r=${LESSON_FPS}:d=${d}`,
      '-filter_complex', graph,
      '-map', '[v]', ...audio,
      '-map_metadata', '2', '-map_chapters', '2',
      ...video,
      '-r', String(LESSON_FPS),
      // A keyframe every 2 s keeps seeking cheap.
      '-g', String(2 * LESSON_FPS),
      '-t', String(d),
      out,
    ],
    120_000,
  );
  if (code !== 0) throw new Error(`ffmpeg could not make ${name}: ${stderr.slice(0, 800)}`);
  return out;
}

/** The lesson's thumbnail: its backdrop a few seconds in, without any text (the card prints the title under it). */
export async function generateThumbnail(tools: MediaTools, dir: string, name: string, opts: Pick<LessonOptions, 'color'>): Promise<string> {
  const out = join(dir, `${name}.jpg`);
  const stills = await lessonStills(tools, dir, opts.color);
  const { code, stderr } = await runFfmpeg(tools.ffmpeg, thumbnailArgs(stills, 3, out));
  if (code !== 0) throw new Error(`ffmpeg could not make ${name}: ${stderr.slice(0, 800)}`);
  return out;
}

/** ffmpeg's arguments before the output options: a lavfi colour `source` drawn over by `filters`. */
function colourSourceArgs(source: string, filters: string[]): string[] {
  // 'null' passes frames through when this ffmpeg has no drawtext (plain colour frames).
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-vf', filters.length ? filters.join(',') : 'null'];
}

/** A JPEG with a coloured background and centred text (a thumbnail, a presenter's photo, an illustration). */
export async function generateImage(
  tools: MediaTools,
  dir: string,
  name: string,
  opts: { width: number; height: number; color: string; lines: Array<{ text: string; size: number; y: string }> },
): Promise<string> {
  const out = join(dir, `${name}.jpg`);
  const filters = await textFilters(tools, dir, name, opts.lines);
  const { code, stderr } = await runFfmpeg(tools.ffmpeg, [
    ...colourSourceArgs(`color=c=${opts.color}:s=${opts.width}x${opts.height}:d=1`, filters),
    '-frames:v',
    '1',
    '-q:v',
    '3',
    out,
  ]);
  if (code !== 0) throw new Error(`ffmpeg could not make ${name}: ${stderr.slice(0, 800)}`);
  return out;
}

/** Characters the standard PDF fonts (WinAnsi) can draw; anything else becomes a close ASCII stand-in. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : ch.normalize('NFD').replace(/\p{M}/gu, '') || '?'))
    .join('');
}

function wrapToWidth(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;

function hexColor(hex: string) {
  const n = parseInt(hex.replace(/^0x|^#/, ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/**
 * A PDF guide: a cover (title, description, illustration) then one or more pages per section,
 * text wrapped to the page, page numbers in the footer.
 */
export async function generateGuidePdf(opts: {
  title: string;
  description: string;
  categoryLabel: string;
  color: string;
  illustrationJpeg: Uint8Array | null;
  sections: DemoGuideSection[];
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setAuthor('LBF');
  doc.setSubject(opts.description);
  doc.setLanguage('fr-FR');
  doc.setCreator('LBF');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const accent = hexColor(opts.color);
  const textWidth = A4[0] - 2 * MARGIN;

  const cover = doc.addPage(A4);
  cover.drawRectangle({ x: 0, y: A4[1] - 220, width: A4[0], height: 220, color: accent });
  cover.drawText(drawable(bold, opts.categoryLabel.toUpperCase()), { x: MARGIN, y: A4[1] - 80, size: 12, font: bold, color: rgb(1, 1, 1) });
  let y = A4[1] - 120;
  for (const line of wrapToWidth(bold, drawable(bold, opts.title), 26, textWidth)) {
    cover.drawText(line, { x: MARGIN, y, size: 26, font: bold, color: rgb(1, 1, 1) });
    y -= 32;
  }
  y = A4[1] - 270;
  for (const line of wrapToWidth(regular, drawable(regular, opts.description), 13, textWidth)) {
    cover.drawText(line, { x: MARGIN, y, size: 13, font: regular, color: rgb(0.2, 0.2, 0.2) });
    y -= 19;
  }
  if (opts.illustrationJpeg) {
    const img = await doc.embedJpg(opts.illustrationJpeg);
    const w = textWidth;
    const h = (img.height / img.width) * w;
    cover.drawImage(img, { x: MARGIN, y: y - 30 - h, width: w, height: h });
  }
  cover.drawText('LBF - Votre plateforme santé et bien-être', { x: MARGIN, y: 48, size: 10, font: regular, color: rgb(0.4, 0.4, 0.4) });

  let page: PDFPage | null = null;
  const newPage = () => {
    page = doc.addPage(A4);
    page.drawRectangle({ x: 0, y: A4[1] - 12, width: A4[0], height: 12, color: accent });
    y = A4[1] - MARGIN;
    return page;
  };
  const ensure = (needed: number) => {
    if (!page || y - needed < MARGIN + 20) newPage();
    return page!;
  };
  for (const section of opts.sections) {
    newPage();
    for (const line of wrapToWidth(bold, drawable(bold, section.heading), 18, textWidth)) {
      ensure(26).drawText(line, { x: MARGIN, y, size: 18, font: bold, color: accent });
      y -= 26;
    }
    y -= 8;
    for (const paragraph of section.paragraphs) {
      for (const line of wrapToWidth(regular, drawable(regular, paragraph), 11.5, textWidth)) {
        ensure(17).drawText(line, { x: MARGIN, y, size: 11.5, font: regular, color: rgb(0.12, 0.12, 0.12) });
        y -= 17;
      }
      y -= 10;
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    if (i === 0) return;
    const label = `${opts.title.length > 60 ? `${opts.title.slice(0, 57)}...` : opts.title}  -  page ${i + 1} / ${pages.length}`;
    p.drawText(drawable(regular, label), { x: MARGIN, y: 32, size: 9, font: regular, color: rgb(0.45, 0.45, 0.45) });
  });
  return doc.save();
}
