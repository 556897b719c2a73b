/**
 * The HTML document of a server-rendered page, from the built index.html: its own <title> and
 * description are replaced by the page's head, #root gets the markup, and the data block the
 * browser hydrates from goes before </body> (the module script is deferred, so it reads it).
 */
export interface RenderedParts {
  head: string;
  html: string;
  state: string;
}

export interface DocumentTemplate {
  /** `links`: more tags for the end of <head> (the route's preloads, ssr/preloads.ts). */
  fill(parts: RenderedParts, links?: string): string;
}

const ROOT = '<div id="root"></div>';

export function parseTemplate(indexHtml: string): DocumentTemplate {
  const base = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  const headEnd = base.indexOf('</head>');
  const root = base.indexOf(ROOT);
  const bodyEnd = base.lastIndexOf('</body>');
  if (headEnd < 0 || root < 0 || bodyEnd < 0 || !(headEnd < root && root < bodyEnd)) {
    throw new Error('index.html has no </head>, <div id="root"></div> and </body> in that order');
  }
  const a = base.slice(0, headEnd);
  const b = base.slice(headEnd, root);
  const c = base.slice(root + ROOT.length, bodyEnd);
  const d = base.slice(bodyEnd);
  return {
    fill: ({ head, html, state }, links = '') => `${a}  ${head}\n  ${links ? `${links}\n  ` : ''}${b}<div id="root">${html}</div>${c}${state}\n  ${d}`,
  };
}
