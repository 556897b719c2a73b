import { connect } from 'nats';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const config = this.options.config ? ['-c', this.options.config] : [];
    const log = this.options.log ? ['-l', this.options.log] : [];
    this.proc = spawn(NATS_SERVER, [...config, ...log, '-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], {
      stdio: 'ignore',
      env: { ...process.env, ...this.options.env },
    });
    await until(
      async () => {
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
}
