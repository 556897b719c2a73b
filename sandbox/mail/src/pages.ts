/**
 * The catcher's pages, where a developer or tester reads the caught mails: the list (newest first,
 * refreshing itself) and one mail (its headers, the HTML part in a sandboxed frame, the text part).
 * French, server-rendered, no script; everything from a mail is escaped.
 */
import escape from 'escape-html';
import type { CaughtMail } from './caught-mail';

export const TITLE = 'Boîte de réception locale (développement)';
/** Seconds between the list's reloads. */
export const LIST_REFRESH_S = 5;

export function esc(value: unknown): string {
  return escape(String(value ?? ''));
}

/** The page's own rules: no script at all, forms only to itself, never framed. */
export const PAGE_CSP = "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });
}

function layout(title: string, body: string, opts: { refreshS?: number } = {}): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${opts.refreshS ? `<meta http-equiv="refresh" content="${opts.refreshS}">` : ''}
<title>${esc(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2433; }
  .banner { background: #ffcc00; text-align: center; padding: .5rem; font-weight: 600; }
  main { max-width: 64rem; margin: 1.5rem auto; padding: 0 1rem; }
  h1 { font-size: 1.3rem; } h2 { font-size: 1.05rem; margin-top: 1.5rem; }
  .bar { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; margin-bottom: 1rem; }
  .bar form { margin: 0; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: .5rem; overflow: hidden; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #e5e7eb; font-size: .92rem; vertical-align: top; }
  th { background: #eef0f4; }
  td.date { white-space: nowrap; color: #5b6577; }
  a { color: #0b57d0; }
  .muted { color: #5b6577; }
  button { padding: .45rem .9rem; border: 0; border-radius: .4rem; cursor: pointer; background: #d1242f; color: #fff; font-size: .95rem; }
  input { padding: .4rem; font-size: .95rem; }
  .card { background: #fff; border-radius: .5rem; padding: 1rem 1.25rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: .88rem; }
  iframe { width: 100%; height: 32rem; border: 1px solid #d0d4dc; border-radius: .4rem; background: #fff; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-word; }
</style>
</head>
<body>
<div class="banner" role="status">Mode développement : ces e-mails ne sont envoyés à personne</div>
<main>
${body}
</main>
</body>
</html>`;
}

/** GET /: every caught mail, newest first, optionally those sent to `to`; reloads itself. */
export function listPage(mails: CaughtMail[], to: string | null): string {
  const newestFirst = [...mails].reverse();
  const rows = newestFirst
    .map(
      (m) => `<tr>
  <td class="date"><time datetime="${esc(m.receivedAt)}">${esc(formatDate(m.receivedAt))}</time></td>
  <td>${esc((m.to.length ? m.to : m.envelopeTo).join(', '))}</td>
  <td><a href="/mails/${esc(m.id)}">${esc(m.subject || '(sans objet)')}</a></td>
</tr>`,
    )
    .join('\n');
  const count = newestFirst.length === 0 ? 'Aucun e-mail' : newestFirst.length === 1 ? '1 e-mail' : `${newestFirst.length} e-mails`;
  const body = `<h1>${esc(TITLE)}</h1>
<div class="bar">
  <span class="muted" data-testid="mail-count">${esc(count)}${to ? ` pour ${esc(to)}` : ''}</span>
  <form method="get" action="/">
    <label>Destinataire <input type="email" name="to" value="${esc(to ?? '')}" placeholder="client@exemple.cm"></label>
    <button type="submit" style="background:#1d2433">Filtrer</button>
    ${to ? '<a href="/">Tout afficher</a>' : ''}
  </form>
  <form method="post" action="/clear"><button type="submit">Tout supprimer</button></form>
</div>
${
  newestFirst.length === 0
    ? `<p class="card muted">Aucun e-mail reçu pour l'instant. Cette page se met à jour toute seule.</p>`
    : `<table>
<thead><tr><th>Date</th><th>À</th><th>Objet</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}`;
  return layout(TITLE, body, { refreshS: LIST_REFRESH_S });
}

/** The header lines the page shows as received (List-* lines as the mailbox provider reads them). */
const SHOWN_LINES = ['list-unsubscribe', 'list-unsubscribe-post'];

/** The http(s) links of an HTML part, in order, once each (to open them outside the sandboxed frame). */
export function linksOf(html: string | null): string[] {
  if (!html) return [];
  const found = new Set<string>();
  for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const href = (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&').trim();
    if (/^https?:\/\//i.test(href)) found.add(href);
  }
  return [...found];
}

/** GET /mails/<id>: one mail. */
export function mailPage(mail: CaughtMail): string {
  const date = mail.headerLines.find((h) => h.key === 'date');
  const lists = mail.headerLines.filter((h) => SHOWN_LINES.includes(h.key));
  const links = linksOf(mail.html);
  const body = `<p><a href="/">← Tous les e-mails</a></p>
<h1>${esc(mail.subject || '(sans objet)')}</h1>
<div class="card">
<dl>
  <dt>De</dt><dd>${esc(mail.from)}</dd>
  <dt>À</dt><dd>${esc(mail.to.join(', '))}</dd>
  <dt>Objet</dt><dd>${esc(mail.subject)}</dd>
  <dt>Date</dt><dd>${esc(date ? date.line.replace(/^date:\s*/i, '') : formatDate(mail.receivedAt))}</dd>
  <dt>Enveloppe</dt><dd>${esc(mail.envelopeFrom ?? '')} → ${esc(mail.envelopeTo.join(', '))}</dd>
</dl>
${mail.attachments.length ? `<h2>Pièces jointes</h2>\n<ul>\n${mail.attachments.map((a, i) => `<li><a href="/mails/${esc(mail.id)}/pieces-jointes/${i}">${esc(a.filename ?? `pièce jointe ${i + 1}`)}</a> <span class="muted">(${esc(a.contentType)}, ${Math.ceil(a.size / 1024)} Kio)</span></li>`).join('\n')}\n</ul>` : ''}
${lists.length ? `<h2>En-têtes de désinscription</h2>\n${lists.map((h) => `<pre>${esc(h.line)}</pre>`).join('\n')}` : ''}
</div>
<h2>Version HTML</h2>
${mail.html !== null ? `<iframe sandbox="" title="Version HTML de l'e-mail" srcdoc="${esc(mail.html)}"></iframe>` : '<p class="muted">Pas de version HTML.</p>'}
${links.length ? `<h2>Liens de l'e-mail</h2>\n<ul>\n${links.map((l) => `<li><a href="${esc(l)}" target="_blank" rel="noopener noreferrer">${esc(l)}</a></li>`).join('\n')}\n</ul>` : ''}
<h2>Version texte</h2>
<div class="card">${mail.text !== null ? `<pre data-testid="mail-text">${esc(mail.text)}</pre>` : '<p class="muted">Pas de version texte.</p>'}</div>`;
  return layout(`${mail.subject || '(sans objet)'} — ${TITLE}`, body);
}

export function notFoundPage(): string {
  return layout('E-mail introuvable', `<p><a href="/">← Tous les e-mails</a></p>\n<h1>E-mail introuvable</h1>\n<p>Il a peut-être été supprimé.</p>`);
}
