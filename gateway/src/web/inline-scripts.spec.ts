import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script exactly as written, whitespace included', () => {
    const inline = '\n  (function () { window.a = 1; })();\n';
    const html = `<head><script>${inline}</script><script type="module" crossorigin src="/assets/index.js"></script></head><body><script type="text/plain">x</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha(inline), sha('x')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>script</p>')).toEqual([]);
  });
});
