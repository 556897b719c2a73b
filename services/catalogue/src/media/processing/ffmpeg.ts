import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { spawn } from 'node:child_process';
import { parseFfmpegDuration } from './ffmpeg-output';

/** The ffmpeg binary bundled by @ffmpeg-installer (a static build), unless FFMPEG_PATH says otherwise. */
export const BUNDLED_FFMPEG = ffmpegInstaller.path;

export interface FfmpegRun {
  code: number | null;
  /** The signal that ended it (SIGKILL after the timeout), when one did. */
  signal: NodeJS.Signals | null;
  /** Its first 64 kB or so. */
  stderr: string;
}

/**
 * Runs ffmpeg with arguments (never through a shell), killing it after `timeoutMs`. Its standard
 * output goes to `onStdout` when given (e.g. `-progress pipe:1`), else is read and dropped.
 */
export function runFfmpeg(bin: string, args: string[], timeoutMs = 120_000, onStdout?: (chunk: string) => void): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (onStdout) child.stdout.setEncoding('utf8').on('data', onStdout);
    else child.stdout.resume();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      // The report we parse is at the top; keep memory bounded on long runs.
      if (stderr.length < 64_000) stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

/** Duration in whole seconds as ffmpeg reads it from the container, or null. */
export async function probeDurationSeconds(bin: string, source: string): Promise<number | null> {
  // Without an output ffmpeg exits 1 after printing the input's report, which is all we want.
  const { stderr } = await runFfmpeg(bin, ['-hide_banner', '-nostdin', '-i', source], 60_000);
  return parseFfmpegDuration(stderr);
}

/** Writes one frame at `atSeconds` as a JPEG (640 px wide) to `outFile`. */
export async function grabFrame(bin: string, source: string, atSeconds: number, outFile: string): Promise<void> {
  const { code, stderr } = await runFfmpeg(bin, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    atSeconds.toFixed(2),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    'scale=640:-2',
    '-q:v',
    '4',
    outFile,
  ]);
  if (code !== 0) throw new Error(`ffmpeg could not grab a frame (exit ${code}): ${stderr.slice(0, 500)}`);
}

/** What ffmpeg prints on stdout (its -encoders / -filters lists). */
export async function ffmpegStdout(bin: string, args: string[], timeoutMs = 20_000): Promise<string> {
  let out = '';
  await runFfmpeg(bin, args, timeoutMs, (d) => (out += d));
  return out;
}
