import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { ffmpegStdout, runFfmpeg } from '../media/ffmpeg';
import type { DemoGuideSection } from './demo-content';

/**
 * Demo files made on this machine: short-frame-rate videos with the title drawn on them (H.264 mp4
 * when the ffmpeg build has libx264, else VP8 webm), images drawn by ffmpeg, PDFs written with
 * pdf-lib. A 15-minute demo video at 1 frame per second weighs a few hundred KB and encodes in
 * well under a second.
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
}

export async function detectTools(ffmpeg: string): Promise<MediaTools> {
  const [encoders, filters] = await Promise.all([ffmpegStdout(ffmpeg, ['-hide_banner', '-encoders']), ffmpegStdout(ffmpeg, ['-hide_banner', '-filters'])]);
  const drawtext = /\bdrawtext\b/.test(filters);
  return { ffmpeg, font: drawtext ? findFont() : null, videoFormat: /\blibx264\b/.test(encoders) ? 'mp4' : 'webm', drawtext };
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

export async function generateVideo(
  tools: MediaTools,
  dir: string,
  name: string,
  opts: { title: string; label: string; color: string; durationSeconds: number },
): Promise<string> {
  const out = join(dir, `${name}.${tools.videoFormat}`);
  const filters = [
    ...(await textFilters(tools, dir, name, [
      { text: opts.label.toUpperCase(), size: 20, y: '40' },
      { text: wrapWords(opts.title, 34).join('\n'), size: 30, y: '(h-text_h)/2' },
      { text: 'LBF - santé et bien-être', size: 18, y: 'h-60' },
    ])),
  ];
  const codec =
    tools.videoFormat === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
      : ['-c:v', 'libvpx', '-b:v', '100k', '-deadline', 'realtime', '-cpu-used', '8'];
  const { code, stderr } = await runFfmpeg(
    tools.ffmpeg,
    [
      ...colourSourceArgs(`color=c=${opts.color}:s=640x360:r=1:d=${opts.durationSeconds}`, filters),
      ...codec,
      // A keyframe every 10 s keeps seeking cheap.
      '-g',
      '10',
      out,
    ],
    120_000,
  );
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

/** The frame at `atSeconds` of a video, as a JPEG. */
export async function extractFrame(tools: MediaTools, video: string, atSeconds: number, out: string): Promise<string> {
  const { code, stderr } = await runFfmpeg(tools.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(atSeconds),
    '-i',
    video,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    out,
  ]);
  if (code !== 0) throw new Error(`ffmpeg could not grab a frame of ${video}: ${stderr.slice(0, 800)}`);
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
