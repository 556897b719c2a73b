import { Redis, type RunningSubgraph } from '@lbf/service-kit';
import { testKeys, TEST_REDIS_URL } from '@lbf/service-kit/testing';
import { startGateway, type RunningGateway } from '../src/app';
import { fakeCatalogue, TEST_SUBGRAPH_SECRET, testGatewayConfig } from './support';

/**
 * /media/* reaches the catalogue through the gateway (one origin): Range reads come back as 206
 * with the right bytes, and an upload's body streams through to the catalogue untouched.
 */
describe('media through the gateway', () => {
  const keys = testKeys();
  const redis = new Redis(TEST_REDIS_URL);
  const file = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'.repeat(1000));
  const received: Buffer[] = [];
  let catalogue: RunningSubgraph;
  let gateway: RunningGateway;

  beforeAll(async () => {
    catalogue = await fakeCatalogue(keys.publicKey, redis, (app) => {
      app.get('/media/videos/sample.mp4', (req, res) => {
        const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (!m) return void res.type('video/mp4').send(file);
        const [start, end] = [Number(m[1]), Number(m[2])];
        res.status(206).set({ 'content-range': `bytes ${start}-${end}/${file.length}`, 'accept-ranges': 'bytes', 'content-type': 'video/mp4' });
        res.send(file.subarray(start, end + 1));
      });
      // As the catalogue refuses: at once from the declared length, or after sniffing the first bytes,
      // closing the connection while the browser is still sending the rest.
      const refuse = (res: import('express').Response, status: number, error: string) => {
        const text = JSON.stringify({ error });
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), Connection: 'close' });
        res.end(text);
      };
      app.put('/media/upload/too-big', (req, res) => {
        if (Number(req.headers['content-length']) > 1024 * 1024) return refuse(res, 413, 'Fichier trop volumineux.');
        res.status(200).end();
      });
      app.put('/media/upload/wrong-type', (req, res) => {
        req.once('data', () => {
          req.pause();
          refuse(res, 415, 'Type de fichier non accepté.');
        });
      });
      app.put('/media/upload/token-123', (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push(Buffer.concat(chunks));
          res.status(201).json({ bytes: Buffer.concat(chunks).length, forwardedFor: req.headers['x-forwarded-for'] ?? null, secret: req.headers['x-lbf-gateway-secret'] ?? null });
        });
      });
    });
    gateway = await startGateway(
      testGatewayConfig({
        subgraphs: [{ name: 'catalogue', url: catalogue.url }],
        authPublicKey: keys.publicKey,
      }),
    );
    await gateway.ready;
  });

  afterAll(async () => {
    await gateway?.stop();
    await catalogue?.stop();
    redis.disconnect();
  });

  const origin = () => gateway.url.replace(/\/graphql$/, '');

  it('answers a Range request with 206 and exactly the asked bytes, uncompressed', async () => {
    const res = await fetch(`${origin()}/media/videos/sample.mp4`, { headers: { range: 'bytes=10-19', 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 10-19/${file.length}`);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('abcdefghij');
  });

  it('streams an upload body to the catalogue unchanged', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const res = await fetch(`${origin()}/media/upload/token-123`, { method: 'PUT', body, headers: { 'content-type': 'video/mp4' } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { bytes: number }).bytes).toBe(body.length);
    expect(received.at(-1)?.equals(body)).toBe(true);
  });

  it("carries the gateway's credential and one client IP, not the browser's X-Forwarded-For", async () => {
    const res = await fetch(`${origin()}/media/upload/token-123`, {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'video/mp4', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(await res.json()).toMatchObject({ secret: TEST_SUBGRAPH_SECRET, forwardedFor: '127.0.0.1' });
  });

  it("relays the catalogue's early 413 and 415 to the browser every time, never a 502 or a reset", async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 1);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      for (const path of ['too-big', 'wrong-type']) {
        try {
          const res = await fetch(`${origin()}/media/upload/${path}`, { method: 'PUT', body, headers: { 'content-type': 'video/mp4' } });
          outcomes.push(`${path} ${res.status} ${((await res.json()) as { error: string }).error}`);
        } catch (err) {
          outcomes.push(`${path} ${String((err as Error).cause ?? err)}`);
        }
      }
    }
    const expected = Array.from({ length: 20 }, () => ['too-big 413 Fichier trop volumineux.', 'wrong-type 415 Type de fichier non accepté.']).flat();
    expect(outcomes).toEqual(expected);
  });

  it('answers 404 for media paths the catalogue does not have', async () => {
    const res = await fetch(`${origin()}/media/videos/missing.mp4`);
    expect(res.status).toBe(404);
  });
});
