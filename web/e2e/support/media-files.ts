import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary folder for the files a test file uploads, made before its tests and removed after them,
 * with the ffmpeg that `npm install` brings to make real videos and pictures in it.
 */
export function mediaFolderForFile(prefix: string) {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** Where a file named `name` goes in the folder. */
    path(name: string): string {
      if (!dir) throw new Error('the media folder is made in beforeAll: use it inside a test or a hook');
      return join(dir, name);
    },
    /** Runs ffmpeg quietly, overwriting its output. */
    ffmpeg(args: string[]): void {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
      execFileSync(ffmpeg, ['-loglevel', 'error', '-y', ...args]);
    },
  };
}
