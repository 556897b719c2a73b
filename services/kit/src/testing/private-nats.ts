import { connect } from 'nats';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from './infra';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** A NATS server of this test's own, so it can be stopped without touching anyone else's. */
export class PrivateNats {
  private proc: ChildProcess | null = null;

  constructor(
    readonly port: number,
    readonly storeDir: string,
    /** A config file of the server's (users, permissions) and the environment it reads, e.g. passwords. */
    private readonly options: { config?: string; env?: Record<string, string>; log?: string } = {},
  ) {}

  /** A started server on a free port, storing in a temporary folder of its own (`remove()` deletes it). */
  static async started(prefix: string): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), mkdtempSync(join(tmpdir(), prefix)));
    await nats.start();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const config = this.options.config ? ['-c', this.options.config] : [];
    const log = this.options.log ? ['-l', this.options.log] : [];
    this.proc = spawn(NATS_SERVER, [...config, ...log, '-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...this.options.env },
    });
    let stderr = '';
    this.proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const proc = this.proc;
    await until(
      async () => {
        // A server that exited (a bad config, a taken port) says why rather than time out.
        if (proc.exitCode !== null) throw new Error(`nats-server exited with code ${proc.exitCode}: ${stderr.slice(-2000)}`);
        // With users configured, an anonymous connection is refused: any answer means it listens.
        const nc = await connect({ servers: this.url, reconnect: false }).catch((err: { code?: string }) => {
          if (err.code === 'AUTHORIZATION_VIOLATION') return null;
          throw err;
        });
        if (!nc) return true;
        await nc.close();
        return true;
      },
      10_000,
      'the private nats-server to accept connections',
    );
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }

  /** Stops the server and deletes its store. */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}
