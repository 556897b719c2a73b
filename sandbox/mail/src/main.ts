/**
 * Runs the local mail catcher (development only, never deployed). Environment: MAIL_CATCHER_SMTP_PORT
 * (4107), MAIL_CATCHER_HTTP_PORT (4108), HOST (127.0.0.1).
 */
import { startMailCatcher } from './catcher';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const catcher = await startMailCatcher({
    smtpPort: port('MAIL_CATCHER_SMTP_PORT', 4107),
    httpPort: port('MAIL_CATCHER_HTTP_PORT', 4108),
    host: process.env.HOST || '127.0.0.1',
  });
  console.log(`mail catcher: SMTP ${catcher.smtpUrl}, mails at ${catcher.httpUrl}`);
  const shutdown = () => void catcher.stop().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
