import { Batcher, perRequest } from './batch';

describe('Batcher', () => {
  it('answers every load of one turn with one fetch, each key fetched once', async () => {
    const calls: string[][] = [];
    const b = new Batcher<string, boolean>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k.startsWith('own')).map((k) => [k, true]));
    }, false);
    const answers = await Promise.all(['own-1', 'x', 'own-2', 'x'].map((k) => b.load(k)));
    expect(answers).toEqual([true, false, true, false]);
    expect(calls).toEqual([['own-1', 'x', 'own-2']]);
    expect(await b.load('own-1')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('never fetches a primed key, and fetches again after a failure', async () => {
    let fail = true;
    const calls: string[][] = [];
    const b = new Batcher<string, boolean>(async (keys) => {
      calls.push(keys);
      if (fail) throw new Error('down');
      return new Map([['a', true]]);
    }, false);
    b.prime('p', true);
    expect(await b.load('p')).toBe(true);
    await expect(b.load('a')).rejects.toThrow('down');
    fail = false;
    expect(await b.load('a')).toBe(true);
    expect(calls).toEqual([['a'], ['a']]);
  });
});

describe('perRequest', () => {
  it('makes one value per context object', () => {
    let made = 0;
    const of = perRequest(() => ++made);
    const a = {};
    expect(of(a)).toBe(1);
    expect(of(a)).toBe(1);
    expect(of({})).toBe(2);
  });
});
