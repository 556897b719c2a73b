import pino, { type Logger } from 'pino';
import { traceLogFields } from './tracing';

export type { Logger };

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    // trace_id and span_id on every line written inside a span (nothing when tracing is off).
    mixin: traceLogFields,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
  });
}
