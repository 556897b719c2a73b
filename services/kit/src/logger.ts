import pino, { type Logger } from 'pino';
import { traceLogFields } from './tracing';

export type { Logger };

/** `destination`: where lines go (stdout when absent; tests pass a stream). */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    // trace_id and span_id on every line written inside a span (nothing when tracing is off).
    mixin: traceLogFields,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
