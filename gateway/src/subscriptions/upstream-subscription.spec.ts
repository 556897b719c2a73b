import type { FormattedExecutionResult } from 'graphql';
import type { Sink } from 'graphql-ws';
import { UpstreamGraphQLErrors, UpstreamSubscription } from './upstream-subscription';

function upstream() {
  let sink!: Sink<FormattedExecutionResult>;
  const unsubscribe = jest.fn();
  const sub = new UpstreamSubscription((s) => {
    sink = s;
    return unsubscribe;
  });
  return { sub, sink: () => sink, unsubscribe };
}

describe('an upstream subscription relayed to a browser', () => {
  it('yields what the subgraph sends, in order, then ends when it completes', async () => {
    const { sub, sink } = upstream();
    const waiting = sub.next();
    sink().next({ data: { n: 1 } });
    sink().next({ data: { n: 2 } });
    sink().next({ data: { n: 3 } });
    expect(await waiting).toEqual({ value: { data: { n: 1 } }, done: false });
    expect(await sub.next()).toEqual({ value: { data: { n: 2 } }, done: false });
    expect(await sub.next()).toEqual({ value: { data: { n: 3 } }, done: false });
    sink().complete();
    expect(await sub.next()).toEqual({ value: undefined, done: true });
  });

  it('unsubscribes upstream and ends a pending read when the browser completes', async () => {
    const { sub, unsubscribe } = upstream();
    const pending = sub.next();
    await sub.return();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it("fails with the subgraph's GraphQL errors", async () => {
    const { sub, sink } = upstream();
    const pending = sub.next();
    sink().error([{ message: 'Connexion requise', extensions: { code: 'UNAUTHENTICATED' } }]);
    await expect(pending).rejects.toBeInstanceOf(UpstreamGraphQLErrors);
    await expect(pending).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('fails when the subgraph connection closes', async () => {
    const { sub, sink } = upstream();
    sink().error({ code: 1011, reason: 'boom' });
    await expect(sub.next()).rejects.toMatchObject({ extensions: { code: 'SUBGRAPH_UNAVAILABLE' } });
  });

  it('gives up on a client that does not read, instead of buffering without end', async () => {
    let sink!: Sink<FormattedExecutionResult>;
    const unsubscribe = jest.fn();
    const sub = new UpstreamSubscription((s) => ((sink = s), unsubscribe), 3);
    for (let i = 0; i < 5; i++) sink.next({ data: { i } });
    expect(unsubscribe).toHaveBeenCalled();
    const results: unknown[] = [];
    await expect(
      (async () => {
        for await (const r of sub) results.push(r);
      })(),
    ).rejects.toThrow(/ne lit pas assez vite/);
    expect(results).toHaveLength(4);
  });
});
