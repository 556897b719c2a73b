import { htmlToText, readTimeMinutes } from './read-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(' ');

describe('read time computed from the body', () => {
  it('is one minute for a short body, never zero', () => {
    expect(readTimeMinutes('<p>Bonjour</p>')).toBe(1);
    expect(readTimeMinutes('')).toBe(1);
  });

  it('counts words at 200 per minute, rounding up', () => {
    expect(readTimeMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(201)}</p>`)).toBe(2);
    expect(readTimeMinutes(`<h2>Titre</h2><p>${words(999)}</p>`)).toBe(5);
  });

  it('does not count tags, attributes or punctuation as words', () => {
    const html = `<p><a href="https://exemple.test/un/long/lien">${words(10)}</a> — !</p><img src="x.png" alt="">`;
    expect(htmlToText(html)).toBe(`${words(10)} — !`);
    expect(readTimeMinutes(html)).toBe(1);
  });
});
