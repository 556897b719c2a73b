import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENT_HEADER, isConnectionError, isQueryText, sendWithReplay } from './replay';
import { SubgraphDataSource, subgraphFetcher } from './subgraph-data-source';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4101'), { code: 'ECONNREFUSED' });

describe('which failures a query is sent again for', () => {
  it('knows a connection refused or dropped, also when wrapped, and nothing else', () => {
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionError(new Error('socket hang up'))).toBe(true);
    expect(isConnectionError(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('subgraph did not answer within 30000 ms'), { name: 'AbortError' }))).toBe(false);
    expect(isConnectionError(new Error('gateway stopped'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });

  it('tells a query fetch from a mutation or subscription fetch', () => {
    expect(isQueryText('query Home__catalogue__0{videos{items{id}}}')).toBe(true);
    expect(isQueryText('{me{id}}')).toBe(true);
    expect(isQueryText('query($representations:[_Any!]!){_entities(representations:$representations){...on User{id}}}')).toBe(true);
    expect(isQueryText('mutation Buy__commerce__0($input:StartCheckoutInput!){startCheckout(input:$input){order{id}}}')).toBe(false);
    expect(isQueryText('subscription{liveCounters{visitsToday}}')).toBe(false);
    expect(isQueryText('queryish')).toBe(false);
  });

  it('sends once more after a connection failure when replayable, never otherwise', async () => {
    const flaky = () => {
      let calls = 0;
      const send = jest.fn(async () => {
        calls += 1;
        if (calls === 1) throw refused;
        return 'answer';
      });
      return send;
    };
    const query = flaky();
    const told = jest.fn();
    await expect(sendWithReplay(query, true, told)).resolves.toBe('answer');
    expect(query).toHaveBeenCalledTimes(2);
    expect(told).toHaveBeenCalledWith(refused);

    const mutation = flaky();
    await expect(sendWithReplay(mutation, false)).rejects.toBe(refused);
    expect(mutation).toHaveBeenCalledTimes(1);

    const timeout = jest.fn(async () => Promise.reject(new Error('subgraph did not answer within 10 ms')));
    await expect(sendWithReplay(timeout, true)).rejects.toThrow(/did not answer/);
    expect(timeout).toHaveBeenCalledTimes(1);

    const down = jest.fn(async () => Promise.reject(refused));
    await expect(sendWithReplay(down, true)).rejects.toBe(refused);
    expect(down).toHaveBeenCalledTimes(2);
  });
});

describe("the gateway's subgraph fetcher on a replica that drops the connection before answering", () => {
  let server: Server;
  let url: string;
  const received: string[] = [];

  beforeAll(async () => {
    // Drops the connection of the first request of each body it gets (a replica dying with it in flight), answers the next.
    const seen = new Set<string>();
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        if (!seen.has(body)) {
          seen.add(body);
          req.socket.destroy();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { ok: true } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a query again, once, and answers it', async () => {
    const replays: unknown[] = [];
    const fetcher = subgraphFetcher(5000, 'a-subgraph-secret-of-the-tests', undefined, (_url, err) => replays.push(err));
    const body = JSON.stringify({ query: '{videos{items{id}}}' });
    const res = await fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json', [IDEMPOTENT_HEADER]: 'query' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
    expect(received.filter((b) => b === body)).toHaveLength(2);
    expect(replays).toHaveLength(1);
  });

  it('never sends a mutation twice: its failure is the answer', async () => {
    const fetcher = subgraphFetcher(5000, 'a-subgraph-secret-of-the-tests');
    const body = JSON.stringify({ query: 'mutation{recordPageVisit(input:{path:"/",visitorId:"abcdefgh"})}' });
    await expect(fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(received.filter((b) => b === body)).toHaveLength(1);
  });

  it('marks the query fetches of the data source, and only those', () => {
    const source = new SubgraphDataSource({ url });
    const mark = (query: string) => {
      const headers = new Map<string, string>();
      const http = { headers: { set: (n: string, v: string) => void headers.set(n, v) } };
      source.willSendRequest({ request: { query, http }, context: { auth: null, forward: {} }, incomingRequestContext: {} } as never);
      return headers.get(IDEMPOTENT_HEADER) ?? null;
    };
    expect(mark('query Q__catalogue__0{videos{items{id}}}')).toBe('query');
    expect(mark('mutation M__analytics__0{recordPageVisit(input:{path:"/",visitorId:"abcdefgh"})}')).toBeNull();
  });
});
