import type { Logger } from './logger';

type Closer = { name: string; close: () => Promise<unknown> | unknown };

/**
 * Graceful shutdown: on SIGTERM/SIGINT stop taking work, finish what is in flight, then close
 * connections, in the reverse order they were opened; a hard deadline ends it regardless.
 */
export class Lifecycle {
  private readonly closers: Closer[] = [];
  private closing: Promise<void> | null = null;

  constructor(
    private readonly log: Logger,
    private readonly deadlineMs = 15_000,
  ) {}

  onShutdown(name: string, close: Closer['close']): void {
    this.closers.push({ name, close });
  }

  handleSignals(): void {
    const stop = (signal: string) => {
      this.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        this.log.error('shutdown deadline passed; exiting');
        process.exit(1);
      }, this.deadlineMs);
      timer.unref();
      void this.shutdown().then(() => process.exit(0));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }

  shutdown(): Promise<void> {
    this.closing ??= (async () => {
      for (const c of [...this.closers].reverse()) {
        try {
          await c.close();
        } catch (err) {
          this.log.warn({ err: String(err), part: c.name }, 'error while closing');
        }
      }
    })();
    return this.closing;
  }
}
