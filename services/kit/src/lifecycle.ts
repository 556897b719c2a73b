import type { Logger } from './logger';

/** How long the closing part of a shutdown may take (after the drain's pause) unless a service says otherwise. */
export const SHUTDOWN_DEADLINE_MS = 15_000;

type Closer = { name: string; close: () => Promise<unknown> | unknown };

/**
 * Graceful shutdown: on SIGTERM/SIGINT the process first drains (`isDraining()`: /ready answers 503
 * and answers go out with `Connection: close`) while it keeps serving for `drainDelayMs`, so the
 * load balancer in front stops sending it requests; then it stops taking work, finishes what is in
 * flight and closes connections, in the reverse order they were opened. A deadline bounds that
 * second part, so one hung closer (a broker that never answers) cannot keep a pod terminating forever.
 */
export class Lifecycle {
  private readonly closers: Closer[] = [];
  private closing: Promise<boolean> | null = null;
  private draining: Promise<boolean> | null = null;

  constructor(
    private readonly log: Logger,
    readonly deadlineMs = SHUTDOWN_DEADLINE_MS,
    readonly drainDelayMs = 0,
  ) {}

  /** True from the signal on: the process still serves, but asks to be taken out of the pool. */
  isDraining(): boolean {
    return this.draining !== null || this.closing !== null;
  }

  /** Announces the drain at once (isDraining), keeps serving for drainDelayMs, then shuts down. */
  drain(): Promise<boolean> {
    this.draining ??= new Promise<void>((resolve) => setTimeout(resolve, this.drainDelayMs)).then(() => this.shutdown());
    return this.draining;
  }

  /** `last`: closed after everything registered so far or later (e.g. the trace exporter's flush). */
  onShutdown(name: string, close: Closer['close'], opts: { last?: boolean } = {}): void {
    if (opts.last) this.closers.unshift({ name, close });
    else this.closers.push({ name, close });
  }

  handleSignals(): void {
    const stop = (signal: string) => {
      this.log.info({ signal, drainDelayMs: this.drainDelayMs }, 'draining, then shutting down');
      void this.drain().then((clean) => process.exit(clean ? 0 : 1));
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
