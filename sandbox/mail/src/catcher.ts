import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CaughtMail } from './caught-mail';
import { listPage, mailPage, notFoundPage, PAGE_CSP } from './pages';

export type { CaughtAttachment, CaughtMail } from './caught-mail';


export interface MailCatcherOptions {
  /** SMTP port; 0 picks a free one. Default 4107. */
  smtpPort?: number;
  /** HTTP port of the page and the JSON API; 0 picks a free one. Default 4108. */
  httpPort?: number;
  host?: string;
  /** Oldest mails are dropped beyond this many (memory bound). Default 50,000. */
  maxMails?: number;
}

export interface RunningMailCatcher {
  /** smtp://host:port, what SMTP_URL is set to. */
  smtpUrl: string;
  /** http://host:port: the page (/) and the API (/api/...). */
  httpUrl: string;
  smtpPort: number;
  httpPort: number;
  /** Mails caught so far, oldest first (optionally only those whose envelope includes `to`). */
  mails(to?: string): CaughtMail[];
  clear(): void;
  /** Addresses whose RCPT is refused with 550 (a hard bounce); any address starting with `bounce` is refused too. */
  rejectRecipient(address: string): void;
  stop(): Promise<void>;
}

/** A recipient the catcher refuses for good (tests of hard bounces). */
function isRejected(address: string, rejected: Set<string>): boolean {
  const a = address.toLowerCase();
  return rejected.has(a) || a.startsWith('bounce');
}

/**
 * The local mail catcher: accepts any mail on loopback (no auth, no TLS), parses it with
 * mailparser and keeps it in memory for the page and the tests. Development only.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<RunningMailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const maxMails = options.maxMails ?? 50_000;
  let store: CaughtMail[] = [];
  const rejected = new Set<string>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (isRejected(address.address, rejected)) {
        const err = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const addresses = (v: typeof parsed.to): string[] =>
              (Array.isArray(v) ? v : v ? [v] : []).flatMap((a) => a.value.map((x) => x.address ?? '')).filter(Boolean);
            store.push({
              id: randomUUID(),
              receivedAt: new Date().toISOString(),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: parsed.from?.text ?? '',
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              text: parsed.text ?? null,
              headerLines: parsed.headerLines.map((h) => ({ key: h.key, line: h.line })),
              messageId: parsed.messageId ?? null,
              size: raw.length,
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? null,
                contentType: a.contentType,
                size: a.content.length,
                contentBase64: a.content.toString('base64'),
              })),
            });
            if (store.length > maxMails) store = store.slice(store.length - maxMails);
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 4107, host, () => resolve());
  });
  smtp.on('error', () => undefined);
  // Replies go out one per command; with Nagle on, each waits for the client's delayed ACK (~40 ms a mail).
  smtp.server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const mails = (to?: string) => (to ? store.filter((m) => m.envelopeTo.includes(to.toLowerCase())) : [...store]);
  const http: Server = createServer((req, res) => route(req, res, { mails, clear: () => (store = []), count: () => store.length, smtpPort }));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort ?? 4108, host, () => resolve());
  });
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    httpUrl: `http://${host}:${httpPort}`,
    smtpPort,
    httpPort,
    mails,
    clear: () => void (store = []),
    rejectRecipient: (address) => void rejected.add(address.toLowerCase()),
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

interface RouteDeps {
  mails(to?: string): CaughtMail[];
  clear(): void;
  count(): number;
  smtpPort: number;
}

/**
 * JSON API: GET /api/mails[?to=address] (newest last), GET /api/mails/<id>, GET /api/count,
 * DELETE /api/mails; GET /health. Pages (pages.ts): GET /[?to=address] (newest first),
 * GET /mails/<id>, GET /mails/<id>/pieces-jointes/<n> (an attachment, as sent), POST /clear (then back to /).
 */
function route(req: IncomingMessage, res: ServerResponse, deps: RouteDeps): void {
  const url = new URL(req.url ?? '/', 'http://catcher');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const html = (status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': PAGE_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    res.end(body);
  };
  if (url.pathname === '/health') return json(200, { ok: true });
  if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    const to = url.searchParams.get('to')?.trim() || null;
    return html(200, listPage(deps.mails(to ?? undefined), to));
  }
  if (url.pathname === '/clear' && req.method === 'POST') {
    req.resume();
    deps.clear();
    res.writeHead(303, { location: '/', 'cache-control': 'no-store' });
    return void res.end();
  }
  const page = /^\/mails\/([^/]+)$/.exec(url.pathname);
  if (page && (req.method === 'GET' || req.method === 'HEAD')) {
    const mail = deps.mails().find((m) => m.id === page[1]);
    return mail ? html(200, mailPage(mail)) : html(404, notFoundPage());
  }
  const file = /^\/mails\/([^/]+)\/pieces-jointes\/(\d+)$/.exec(url.pathname);
  if (file && (req.method === 'GET' || req.method === 'HEAD')) {
    const attachment = deps.mails().find((m) => m.id === file[1])?.attachments[Number(file[2])];
    if (!attachment) return html(404, notFoundPage());
    const name = (attachment.filename ?? `piece-jointe-${file[2]}`).replace(/[^\w.-]+/g, '_');
    res.writeHead(200, {
      'content-type': attachment.contentType,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    return void res.end(Buffer.from(attachment.contentBase64, 'base64'));
  }
  if (url.pathname === '/api/count' && req.method === 'GET') return json(200, { count: deps.count() });
  if (url.pathname === '/api/mails' && req.method === 'GET') return json(200, deps.mails(url.searchParams.get('to') ?? undefined));
  if (url.pathname === '/api/mails' && req.method === 'DELETE') {
    deps.clear();
    return json(200, { ok: true });
  }
  const one = /^\/api\/mails\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (one && req.method === 'GET') {
    const mail = deps.mails().find((m) => m.id === one[1]);
    return mail ? json(200, mail) : json(404, { error: 'not found' });
  }
  json(404, { error: 'not found' });
}
