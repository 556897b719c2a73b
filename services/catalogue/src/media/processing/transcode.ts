import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FfmpegProgress } from './ffmpeg-progress';
import { parseSourceInfo, type SourceInfo } from './ffmpeg-output';
import { AUDIO, rungWidth, SEGMENT_SECONDS, type Rung } from './hls-ladder';
import { runFfmpeg } from './ffmpeg';

/** A source ffmpeg cannot read as a video (a corrupt or non-video file): not worth retrying. */
export class UnreadableSourceError extends Error {}

/** The source's size, duration and audio, or UnreadableSourceError when ffmpeg finds no video in it. */
export async function probeSource(bin: string, source: string): Promise<SourceInfo> {
  // Without an output ffmpeg exits 1 after printing the input's report, which is all we want.
  const { stderr } = await runFfmpeg(bin, ['-hide_banner', '-nostdin', '-i', source], 60_000);
  const info = parseSourceInfo(stderr);
  if (!info) throw new UnreadableSourceError(stderr.slice(-500));
  return info;
}

const HLS_OUTPUT = (dir: string) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_flags',
  'independent_segments',
  '-hls_segment_type',
  'fmp4',
  '-hls_fmp4_init_filename',
  'init.mp4',
  '-hls_segment_filename',
  join(dir, 'seg_%05d.m4s'),
  join(dir, 'index.m3u8'),
];

/**
 * ffmpeg's arguments for the whole ladder in one process: one `-f hls` output per rung (video
 * only) and one for the shared mono audio (silence when the source has none, so every ladder has
 * the same shape). The 2018 bundled build cannot name var_stream_map streams, hence the outputs.
 */
export function ladderArgs(source: string, info: SourceInfo, rungs: Rung[], outDir: string): string[] {
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', '-y', '-i', source];
  if (!info.hasAudio) args.push('-f', 'lavfi', '-i', `anullsrc=r=${AUDIO.sampleRate}:cl=mono`);
  for (const r of rungs) {
    args.push(
      '-map',
      '0:v:0',
      '-vf',
      `scale=${rungWidth(info, r.height)}:${r.height}`,
      '-c:v',
      'libx264',
      '-preset',
      r.preset,
      '-profile:v',
      'main',
      // No B-frames: their reordering delay is two frames, which at a low frame rate (the 1 fps demo
      // lessons, slide-like uploads) is seconds of composition offset, and MSE then keeps only every
      // other fragment (hls.js stalls on holes).
      '-bf',
      '0',
      '-pix_fmt',
      'yuv420p',
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      // Constant quality under a cap (hls-ladder.ts): a still picture costs what it needs, not the rate.
      '-crf',
      String(r.crf),
      '-maxrate',
      `${r.maxrateK}k`,
      '-bufsize',
      `${r.bufsizeK}k`,
      '-an',
      ...HLS_OUTPUT(join(outDir, r.name)),
    );
  }
  args.push('-map', info.hasAudio ? '0:a:0' : '1:a:0');
  // Generated silence never ends by itself.
  if (!info.hasAudio) args.push('-t', String(info.exactSeconds ?? info.durationSeconds ?? 1));
  args.push('-vn', '-c:a', 'aac', '-b:a', `${AUDIO.bitrateK}k`, '-ac', '1', '-ar', String(AUDIO.sampleRate), ...HLS_OUTPUT(join(outDir, AUDIO.name)));
  return args;
}

/**
 * Encodes the ladder into `outDir/<rendition>/` (index.m3u8, init.mp4, seg_00000.m4s…), calling
 * `onProgress(0..1)` as ffmpeg reports its output time. Rejects with ffmpeg's error text on failure.
 */
export async function encodeLadder(
  bin: string,
  source: string,
  info: SourceInfo,
  rungs: Rung[],
  outDir: string,
  onProgress: (fraction: number) => void,
  timeoutMs = 6 * 3600_000,
): Promise<void> {
  for (const name of [...rungs.map((r) => r.name), AUDIO.name]) await mkdir(join(outDir, name), { recursive: true });
  const progress = new FfmpegProgress();
  const duration = info.exactSeconds ?? info.durationSeconds;
  const run = await runFfmpeg(bin, ladderArgs(source, info, rungs, outDir), timeoutMs, (d) => {
    if (progress.feed(d)) onProgress(progress.fraction(duration));
  });
  if (run.code !== 0) throw new Error(`ffmpeg failed (exit ${run.code ?? run.signal}): ${run.stderr.slice(0, 800)}`);
}
