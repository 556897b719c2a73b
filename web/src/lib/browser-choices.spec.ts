import { describe, expect, it } from '@jest/globals';
import { hasBrowserChoices, LIKED_ARTICLES_KEY } from './browser-choices';

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('choices kept in this browser that a public page shows', () => {
  it('are liked articles, when there is at least one', () => {
    expect(hasBrowserChoices(storage({ [LIKED_ARTICLES_KEY]: '["a1"]' }))).toBe(true);
    expect(hasBrowserChoices(storage({ [LIKED_ARTICLES_KEY]: '[]' }))).toBe(false);
    expect(hasBrowserChoices(storage({}))).toBe(false);
    // Other keys (the dashboard's currency, the anonymous visitor id) change no public page.
    expect(hasBrowserChoices(storage({ lbf_currency: 'FCFA', lbf_visitor_id: 'x' }))).toBe(false);
  });

  it('are none when the browser refuses storage', () => {
    expect(hasBrowserChoices({ getItem: () => { throw new Error('SecurityError'); } })).toBe(false);
  });
});
