import type { Logger } from '@lbf/service-kit';

/** @apollo/utils.logger's shape over pino; `errorsAs` picks the level its errors are logged at. */
export function apolloLogger(log: Logger, errorsAs: () => 'error' | 'warn' | 'debug' = () => 'error') {
  return {
    debug: (message?: unknown) => log.debug(String(message)),
    info: (message?: unknown) => log.info(String(message)),
    warn: (message?: unknown) => log.warn(String(message)),
    error: (message?: unknown) => log[errorsAs()](String(message)),
  };
}
