import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The one bounded body reader (the subgraphs' /graphql, the gateway's /graphql and its plain-HTTP
 * relays): the whole body as sent, or null once it grows past `limit` bytes (the rest is drained,
 * never buffered). Rejects when the request fails mid-way (the client went away).
 */
export function readBoundedBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      length += chunk.length;
      if (length > limit) {
        over = true;
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    });
    req.once('end', () => !over && resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)));
    req.once('error', (err) => !over && reject(err));
  });
}

/** True when the request declares a body larger than `limit` (answer 413 without reading it). */
export function declaresTooLarge(req: IncomingMessage, limit: number): boolean {
  return Number(req.headers['content-length'] ?? 0) > limit;
}

/** A JSON answer with its length, on a bare node:http response (Express's res included). */
export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...extra });
  res.end(text);
}
