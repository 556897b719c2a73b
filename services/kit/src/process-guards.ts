import type { Logger } from './logger';

/**
 * Keeps a process up through a stray rejected promise (e.g. a library's dispose() rejecting after an
 * upstream went away): it is logged, not fatal, so one upstream outage never takes a whole process
 * down. An uncaught exception leaves the process in an unknown state, so that one is logged and
 * the process exits for its supervisor to restart it.
 */
export function guardProcess(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason) }, 'unhandled promise rejection (kept running)');
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err: { message: err.message, stack: err.stack } }, 'uncaught exception; exiting');
    process.exitCode = 1;
    setImmediate(() => process.exit(1));
  });
}
