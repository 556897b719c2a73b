import type { Transporter } from 'nodemailer';
import type { MessagingSettings } from '../config';

/** The URL and the SMTP timeouts (config.ts's defaults bound one exchange well under the sending lease). */
type TransportConfig = Pick<MessagingSettings, 'smtpUrl' | 'smtpTimeoutsMs'>;

const transports = new Map<string, { transport: Transporter; users: number }>();

function keyOf(config: TransportConfig): string {
  return JSON.stringify([config.smtpUrl, config.smtpTimeoutsMs]);
}

function create(config: TransportConfig): Transporter {
  const t = config.smtpTimeoutsMs;
  // nodemailer is loaded with the first transport, not at boot: a restarted service answers sooner (issue 22 §5).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  return nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    connectionTimeout: t.connection,
    greetingTimeout: t.greeting,
    socketTimeout: t.socket,
    dnsTimeout: t.connection,
  });
}

/**
 * The process's pooled SMTP transport for this URL (one per URL: a test process may run
 * services pointed at different catchers). Created on first use.
 */
export function mailTransport(config: TransportConfig): Transporter {
  const key = keyOf(config);
  let entry = transports.get(key);
  if (!entry) {
    entry = { transport: create(config), users: 0 };
    transports.set(key, entry);
  }
  return entry.transport;
}

/** A running service holds the transport from start to stop; the last one out closes its pool. */
export function acquireMailTransport(config: TransportConfig): { release(): void } {
  mailTransport(config);
  const key = keyOf(config);
  transports.get(key)!.users += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const entry = transports.get(key);
      if (!entry) return;
      entry.users -= 1;
      if (entry.users <= 0) {
        transports.delete(key);
        entry.transport.close();
      }
    },
  };
}

/**
 * An SMTP error the server meant for good (5xx: unknown mailbox, message refused): retrying this
 * mail cannot help. A refused login (EAUTH) is our configuration, not the mail: retried like an outage.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  return typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH';
}

/**
 * A hard bounce: the server refused this recipient (RCPT TO answered 5xx, or a 5.1.x mailbox
 * status). Only then is the address suppressed; a 5xx about the message itself (size, content)
 * fails that one mail and leaves the address alone.
 */
export function isRecipientRefused(err: unknown): boolean {
  if (!isPermanentSmtpError(err)) return false;
  const e = err as { command?: unknown; response?: unknown };
  return (typeof e.command === 'string' && /^RCPT/i.test(e.command)) || (typeof e.response === 'string' && /\b5\.1\.\d\b/.test(e.response));
}

/** The error as a delivery row keeps it: the server's reply when there is one. */
export function smtpErrorText(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  const text = e?.response || e?.message || String(err);
  return (e?.code && !text.includes(e.code) ? `${e.code}: ${text}` : text).slice(0, 1000);
}
