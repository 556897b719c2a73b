/** Small HTML helpers for the sandbox's pages (phone, NotchPay hosted page). French, plain, no scripts needed. */
import escape from 'escape-html';

export function esc(value: unknown): string {
  return escape(String(value ?? ''));
}

/** 2355 → "2 355" (French grouping with a narrow no-break space rendered as a plain space for tests). */
export function fcfa(amount: number): string {
  return `${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} FCFA`;
}

export const BANNER = 'Mode test : paiements simulés';

export function page(title: string, body: string, opts: { refreshS?: number } = {}): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${opts.refreshS ? `<meta http-equiv="refresh" content="${opts.refreshS}">` : ''}
<title>${esc(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2433; }
  .banner { background: #ffcc00; color: #1d2433; text-align: center; padding: .5rem; font-weight: 600; }
  main { max-width: 28rem; margin: 1.5rem auto; padding: 0 1rem; }
  .card { background: #fff; border-radius: .75rem; padding: 1rem 1.25rem; margin-bottom: 1rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .amount { font-size: 1.6rem; font-weight: 700; margin: .25rem 0; }
  .muted { color: #5b6577; font-size: .9rem; }
  .actions { display: flex; gap: .75rem; margin-top: .75rem; }
  .actions form { flex: 1; }
  button { width: 100%; padding: .7rem; border: 0; border-radius: .5rem; font-size: 1rem; cursor: pointer; }
  .ok { background: #1a7f37; color: #fff; }
  .no { background: #d1242f; color: #fff; }
  input, select { padding: .6rem; font-size: 1rem; width: 100%; box-sizing: border-box; margin-bottom: .5rem; }
  label { display: block; font-size: .9rem; margin-bottom: .25rem; }
  hr { border: 0; border-top: 1px solid #e3e6eb; margin: 1rem 0; }
  h1 { font-size: 1.3rem; }
  h2 { font-size: 1.1rem; margin-top: 0; }
</style>
</head>
<body>
<div class="banner" role="status">${esc(BANNER)}</div>
<main>
${body}
</main>
</body>
</html>`;
}
