import { createHash } from 'node:crypto';

/**
 * The CSP sources ('sha256-…') of the inline scripts in the web app's index.html (the one that
 * holds taps made before hydration), so the policy can keep script-src to 'self' plus exactly those.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
