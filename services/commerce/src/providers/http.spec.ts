import { clientSettings } from './http';

describe("a client's settings", () => {
  it('fills each default once; an option given as undefined or null keeps its default, any other value wins', () => {
    const options: { baseUrl: string; timeoutMs?: number; windowMs?: number; currency?: string | null } = { baseUrl: 'x', timeoutMs: undefined, windowMs: 0, currency: null };
    expect(clientSettings(options, { timeoutMs: 10_000, windowMs: 300_000, currency: 'XAF' })).toEqual({ baseUrl: 'x', timeoutMs: 10_000, windowMs: 0, currency: 'XAF' });
  });
});
