import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';

/** A replica running a service's built code in a process of its own, so a test can really kill it (kill -9). */
export type BuiltReplica = { url: string; proc: ChildProcess; stop(): Promise<void> };

/**
 * Brings a service's dist/ up to date (tsc -b: incremental, a no-op when it is) and returns what
 * starts a replica of it: `startExport` of its dist/app.js (e.g. 'startCatalogue') called with the
 * given configuration in a child process, resolved with its URL once it listens.
 */
export function builtService<C>(serviceDir: string, startExport: string): (cfg: C) => Promise<BuiltReplica> {
  const name = basename(serviceDir);
  const distApp = join(serviceDir, 'dist', 'app.js');
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', serviceDir], { encoding: 'utf8' });
  if (tsc.status !== 0 || !existsSync(distApp)) throw new Error(`could not build ${name}: ${tsc.stdout}${tsc.stderr}`);
  return (cfg) => {
    const script = `require(${JSON.stringify(distApp)}).${startExport}(JSON.parse(process.env.SERVICE_CONFIG)).then((r) => console.log('URL ' + r.url))`;
    const proc = spawn(process.execPath, ['-e', script], { env: { ...process.env, SERVICE_CONFIG: JSON.stringify(cfg) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGKILL');
      await new Promise((res) => proc.once('exit', res));
    };
    return new Promise((resolve, reject) => {
      // The output's tail only: what to show if the process dies before it listens.
      let out = '';
      const keep = (d: Buffer) => (out = (out + d.toString()).slice(-20_000));
      proc.stdout!.on('data', (d: Buffer) => {
        keep(d);
        const m = /URL (\S+)/.exec(out);
        if (m) resolve({ url: m[1]!, proc, stop });
      });
      proc.stderr!.on('data', keep);
      proc.once('exit', (code) => reject(new Error(`${name} process exited (${code}): ${out}`)));
    });
  };
}
