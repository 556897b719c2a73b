import type { IncomingMessage, ServerResponse } from 'node:http';

/** A connect-style handler of the catalogue's own HTTP routes (mounted before GraphQL). */
export type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Headers of an answer the browser must take for what it says it is (images, streams). */
export const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;
/** Headers of an answer after which the connection closes (an upload refused before its body was read). */
export const CLOSE = { Connection: 'close' } as const;

/** A JSON answer of the catalogue's own HTTP routes (media, images, streams), never cached; a response already under way is cut. */
export function sendJson(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.destroy();
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** A refusal `{error}` of the image and stream routes. */
export function sendJsonError(res: ServerResponse, status: number, error: string): void {
  sendJson(res, status, { error }, NOSNIFF);
}
