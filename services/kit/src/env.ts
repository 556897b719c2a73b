import { z } from 'zod';

/**
 * Parses the environment once against a zod schema. Every bad variable is named in one message,
 * then the process exits 1, so a misconfigured service never half-starts.
 */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
  process.stderr.write(`Invalid environment:\n${lines.join('\n')}\n`);
  process.exit(1);
}

/** Variables every service reads; a service extends this with its own. */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /** Interface to listen on: loopback by default, 0.0.0.0 in containers. */
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/lbf'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  EVENT_STREAM: z.string().regex(/^[A-Za-z0-9_-]+$/).default('LBF'),
  EVENT_PREFIX: z.string().regex(/^[a-z0-9_]+$/).default('lbf'),
  /** PEM of the public key that verifies access tokens, or a path to it. */
  AUTH_PUBLIC_KEY: z.string().min(1, 'required: PEM text or a file path'),
});

export type BaseEnv = z.infer<typeof baseEnv>;
