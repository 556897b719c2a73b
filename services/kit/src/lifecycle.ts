import type { Logger } from './logger';

type Closer = { name: string; close: () => Promise<unknown> | unknown };

/**
 * Graceful shutdown: on SIGTERM/SIGINT stop taking work, finish what is in flight, then close
 * connections, in the reverse order they were opened. A deadline bounds the whole of it, so one
 * hung closer (a broker that never answers) cannot keep a pod terminating forever.
 */
export class Lifecycle {
  private readonly closers: Closer[] = [];
  private closing: Promise<boolean> | null = null;

  constructor(
    private readonly log: Logger,
    readonly deadlineMs = 15_000,
  ) {}

  /** `last`: closed after everything registered so far or later (e.g. the trace exporter's flush). */
  onShutdown(name: string, close: Closer['close'], opts: { last?: boolean } = {}): void {
    if (opts.last) this.closers.unshift({ name, close });
    else this.closers.push({ name, close });
  }

  handleSignals(): void {
    const stop = (signal: string) => {
      this.log.info({ signal }, 'shutting down');
      void this.shutdown().then((clean) => process.exit(clean ? 0 : 1));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }

  /**
   * Closes everything once (later calls get the same promise). Resolves true when every closer
   * finished, false when the deadline passed first; the closer still running is named in the log.
   */
  shutdown(): Promise<boolean> {
    this.closing ??= new Promise<boolean>((resolve) => {
      let current = '';
      const timer = setTimeout(() => {
        this.log.error({ part: current, deadlineMs: this.deadlineMs }, 'shutdown deadline passed; giving up on the rest');
        resolve(false);
      }, this.deadlineMs);
      timer.unref();
      void (async () => {
        for (const c of [...this.closers].reverse()) {
          current = c.name;
          try {
            await c.close();
          } catch (err) {
            this.log.warn({ err: String(err), part: c.name }, 'error while closing');
          }
        }
        clearTimeout(timer);
        resolve(true);
      })();
    });
    return this.closing;
  }
}
