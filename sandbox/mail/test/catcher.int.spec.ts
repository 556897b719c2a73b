/**
 * The mail catcher as the stack and the tests use it: real SMTP in (nodemailer, as messaging
 * sends), then the JSON API and the page a developer reads.
 */
import { createTransport, type Transporter } from 'nodemailer';
import { startMailCatcher, type CaughtMail, type RunningMailCatcher } from '../src';

let catcher: RunningMailCatcher;
let transport: Transporter;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  transport = createTransport({ url: catcher.smtpUrl } as never);
});
afterAll(async () => {
  transport?.close();
  await catcher?.stop();
});
beforeEach(() => catcher.clear());

const HOSTILE_HTML = `<p>Bonjour <b>Awa</b>,</p><p><a href="http://localhost:4000/auth?reset=abc&amp;x=1">Choisir un nouveau mot de passe</a></p><script>alert("x")</script><p>l'équipe "LBF"</p>`;

function send(over: Record<string, unknown> = {}) {
  return transport.sendMail({
    from: 'LBF <no-reply@lbf.local>',
    to: 'awa@exemple.cm',
    subject: 'Réinitialisation de votre mot de passe',
    text: 'Bonjour Awa,\nOuvrez ce lien : http://localhost:4000/auth?reset=abc',
    html: HOSTILE_HTML,
    list: { unsubscribe: { url: 'http://localhost:4000/newsletter/desinscription/tok', comment: 'Se désinscrire' } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...over,
  });
}

async function get(path: string, init?: RequestInit) {
  const res = await fetch(`${catcher.httpUrl}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('the mail catcher', () => {
  it('keeps a mail sent over SMTP and serves it on the JSON API, filtered by recipient', async () => {
    const info = await send();
    expect(info.accepted).toEqual(['awa@exemple.cm']);
    await send({ to: 'other@exemple.cm', subject: 'Autre' });

    const all = JSON.parse((await get('/api/mails')).text) as CaughtMail[];
    expect(all.map((m) => m.subject)).toEqual(['Réinitialisation de votre mot de passe', 'Autre']);
    const mine = JSON.parse((await get('/api/mails?to=AWA@exemple.cm')).text) as CaughtMail[];
    expect(mine).toHaveLength(1);
    expect(mine[0].from).toMatch(/^"?LBF"? <no-reply@lbf.local>$/);
    expect(mine[0]).toMatchObject({ to: ['awa@exemple.cm'], envelopeTo: ['awa@exemple.cm'], html: HOSTILE_HTML });
    expect(mine[0].text).toContain('Ouvrez ce lien');
    expect(mine[0].headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const one = await get(`/api/mails/${mine[0].id}`);
    expect(JSON.parse(one.text)).toMatchObject({ id: mine[0].id, subject: mine[0].subject });
    expect(JSON.parse((await get('/api/count')).text)).toEqual({ count: 2 });
    expect((await get('/api/mails/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('shows the list newest first on the page, refreshing itself, with everything escaped', async () => {
    await send({ subject: 'Premier <b>gras</b>' });
    await send({ to: 'moussa@exemple.cm', subject: 'Second' });
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.text).toContain('<meta http-equiv="refresh"');
    expect(page.text).toContain('2 e-mails');
    expect(page.text).toContain('Premier &lt;b&gt;gras&lt;/b&gt;');
    expect(page.text).not.toContain('<b>gras</b>');
    expect(page.text.indexOf('Second')).toBeLessThan(page.text.indexOf('Premier'));
    expect(page.text).toContain('moussa@exemple.cm');
    expect(page.text).toContain('Tout supprimer');
    const [first] = catcher.mails();
    expect(page.text).toContain(`href="/mails/${first.id}"`);

    const filtered = await get('/?to=moussa@exemple.cm');
    expect(filtered.text).toContain('1 e-mail pour moussa@exemple.cm');
    expect(filtered.text).not.toContain('Premier');
  });

  it("shows one mail: headers, the HTML in a sandboxed frame's escaped srcdoc, the text part", async () => {
    await send();
    const [mail] = catcher.mails('awa@exemple.cm');
    const page = await get(`/mails/${mail.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<dt>De<\/dt><dd>(&quot;)?LBF(&quot;)? &lt;no-reply@lbf.local&gt;<\/dd>/);
    expect(page.text).toContain('awa@exemple.cm');
    expect(page.text).toContain('Réinitialisation de votre mot de passe');
    expect(page.text).toMatch(/<dt>Date<\/dt><dd>[^<]*\d{4}/);
    expect(page.text).toContain('List-Unsubscribe: &lt;http://localhost:4000/newsletter/desinscription/tok&gt;');
    expect(page.text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The mail's HTML only inside the frame's attribute, escaped; the frame may run nothing.
    const frame = /<iframe sandbox="" [^>]*srcdoc="([^"]*)"><\/iframe>/.exec(page.text);
    expect(frame).not.toBeNull();
    const unescaped = frame![1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(unescaped).toBe(HOSTILE_HTML);
    expect(page.text).not.toContain('<script>');
    // The links, to open outside the frame; the text part as text.
    expect(page.text).toContain('href="http://localhost:4000/auth?reset=abc&amp;x=1"');
    expect(page.text).toContain('Ouvrez ce lien : http://localhost:4000/auth?reset=abc');

    const missing = await get('/mails/nope');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('E-mail introuvable');
  });

  it('refuses a bounce address with 550 and keeps nothing for it', async () => {
    await expect(send({ to: 'bounce.1@exemple.cm' })).rejects.toMatchObject({ responseCode: 550 });
    catcher.rejectRecipient('Refus@Exemple.cm');
    await expect(send({ to: 'refus@exemple.cm' })).rejects.toMatchObject({ responseCode: 550 });
    // A mail to a bounced and a good address reaches the good one only.
    const info = await send({ to: ['bounce@exemple.cm', 'awa@exemple.cm'] });
    expect(info.rejected).toEqual(['bounce@exemple.cm']);
    expect(catcher.mails().map((m) => m.envelopeTo)).toEqual([['awa@exemple.cm']]);
  });

  it("empties on 'Tout supprimer' (POST /clear, back to the list) and on DELETE /api/mails", async () => {
    await send();
    const cleared = await get('/clear', { method: 'POST' });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get('location')).toBe('/');
    expect(catcher.mails()).toEqual([]);
    expect((await get('/')).text).toContain('Aucun e-mail reçu');
    // Only POST clears.
    await send();
    expect((await get('/clear')).status).toBe(404);
    expect(catcher.mails()).toHaveLength(1);
    expect(JSON.parse((await get('/api/mails', { method: 'DELETE' })).text)).toEqual({ ok: true });
    expect(JSON.parse((await get('/api/count')).text)).toEqual({ count: 0 });
  });
});
