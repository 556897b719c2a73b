import { gql, type TestUser, withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';

/** The contact form against a real messaging (Postgres, Redis, NATS), the client IP sent as the gateway does. */
describe('contact form', () => {
  const ctx = withHarness(() => messagingHarness());
  let ipSeq = 0;
  /** A fresh client IP per test, so the per-IP limits of one test never touch another's. */
  const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** As the gateway calls the subgraph: its secret, X-Forwarded-For with the visitor's IP, the token if any. */
  const asGateway = (query: string, variables: Record<string, unknown>, ip: string, user?: TestUser | null) =>
    gql(ctx.app.url, query, variables, { ...ctx.headers(user), 'x-forwarded-for': ip });

  const OPEN = `mutation { openContactForm { token minSeconds } }`;
  const SEND = `mutation($input: ContactInput!) { sendContactMessage(input: $input) { sent error { code message field } } }`;

  const openTicket = async (ip: string) => {
    const res = await asGateway(OPEN, {}, ip);
    expect(res.errors).toBeUndefined();
    return res.data!.openContactForm as { token: string; minSeconds: number };
  };
  /** Tickets old enough to be used: opened together, then the minimum fill time waited once. */
  const readyTickets = async (ip: string, n: number) => {
    const tickets = await Promise.all(Array.from({ length: n }, () => openTicket(ip)));
    await sleep(tickets[0]!.minSeconds * 1000 + 200);
    return tickets.map((t) => t.token);
  };
  const form = (ticket: string, more: Record<string, unknown> = {}) => ({
    name: 'Awa Ngo',
    email: 'awa@example.com',
    subject: 'SUPPORT',
    message: 'Bonjour, je ne trouve pas ma vidéo achetée hier.',
    acceptTerms: true,
    ticket,
    ...more,
  });
  const send = async (input: Record<string, unknown>, ip: string) => (await asGateway(SEND, { input }, ip)).data!.sendContactMessage;
  const countMessages = async (email: string) =>
    (await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.contact_messages WHERE email = $1`, [email])).rows[0].n as number;

  it('stores the message with the client IP and queues its acknowledgement in the same transaction', async () => {
    const ip = newIp();
    const [ticket] = await readyTickets(ip, 1);
    const email = 'stored@example.com';
    const res = await send(form(ticket!, { email: '  Stored@Example.com ', name: '  Awa Ngo ' }), ip);
    expect(res).toEqual({ sent: true, error: null });

    const rows = (await ctx.sql.query(`SELECT * FROM messaging.contact_messages WHERE email = $1`, [email])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Awa Ngo', subject: 'support', ip, read_at: null, archived_at: null });
    const delivery = (await ctx.sql.query(`SELECT * FROM messaging.mail_deliveries WHERE purpose = 'contact_acknowledgement' AND dedupe_key = $1`, [rows[0].id])).rows;
    expect(delivery).toHaveLength(1);
    expect(delivery[0]).toMatchObject({ recipient: email, data: { name: 'Awa Ngo', subjectLabel: 'Support technique', message: rows[0].message } });
    // The acknowledgement arrives (the real sender, the catcher over SMTP).
    const [mail] = await ctx.mailsTo(email, 1);
    expect(mail!.subject).toMatch(/^Nous avons bien reçu votre message/);
    expect(mail!.text).toContain('Bonjour, je ne trouve pas ma vidéo achetée hier.');
    expect(mail!.text).toContain('Support technique');
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const ip = newIp();
    const before = (await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.contact_messages`)).rows[0].n;
    const res = await send(form('no-such-ticket', { email: 'robot@example.com', website: 'http://spam.example' }), ip);
    expect(res).toEqual({ sent: true, error: null });
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.contact_messages`)).rows[0].n).toBe(before);
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE recipient = 'robot@example.com'`)).rows[0].n).toBe(0);
    expect(ctx.catcher.mails('robot@example.com')).toEqual([]);
  });

  it('refuses with the spec messages, without spending the ticket', async () => {
    const ip = newIp();
    const [ticket] = await readyTickets(ip, 1);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A' }, 'name', 'Le nom doit contenir au moins 2 caractères'],
      [{ email: 'pas-une-adresse' }, 'email', 'Veuillez entrer une adresse email valide'],
      [{ subject: null }, 'subject', 'Veuillez sélectionner un sujet'],
      [{ message: ' court    ' }, 'message', 'Le message doit contenir au moins 10 caractères'],
      [{ acceptTerms: false }, 'acceptTerms', 'Vous devez accepter les conditions'],
    ];
    for (const [more, field, message] of cases) {
      const res = await send(form(ticket!, { email: 'valid@example.com', ...more }), ip);
      expect(res).toEqual({ sent: null, error: { code: 'VALIDATION', field, message } });
    }
    expect(await countMessages('valid@example.com')).toBe(0);
    // The person corrects the form: the same ticket still works.
    expect(await send(form(ticket!, { email: 'valid@example.com' }), ip)).toEqual({ sent: true, error: null });
  });

  it('refuses a form sent sooner than the minimum fill time, then accepts it once the time has passed', async () => {
    const ip = newIp();
    const { token, minSeconds } = await openTicket(ip);
    expect(minSeconds).toBe(3);
    const res = await send(form(token, { email: 'fast@example.com' }), ip);
    expect(res).toEqual({ sent: null, error: { code: 'TOO_FAST', field: null, message: "Merci de patienter quelques secondes avant d'envoyer votre message." } });
    expect(await countMessages('fast@example.com')).toBe(0);
    await sleep(minSeconds * 1000 + 200);
    expect(await send(form(token, { email: 'fast@example.com' }), ip)).toEqual({ sent: true, error: null });
  });

  it('uses a ticket once, and refuses an unknown one with a reload message', async () => {
    const ip = newIp();
    const [ticket] = await readyTickets(ip, 1);
    expect(await send(form(ticket!, { email: 'once@example.com' }), ip)).toEqual({ sent: true, error: null });
    const again = await send(form(ticket!, { email: 'once@example.com', message: 'Une deuxième fois, le même formulaire.' }), ip);
    expect(again.sent).toBeNull();
    expect(again.error).toMatchObject({ code: 'FORM_EXPIRED' });
    expect(again.error.message).toMatch(/recharger la page/);
    expect(await countMessages('once@example.com')).toBe(1);
    expect((await send(form('invented-ticket', { email: 'once@example.com' }), ip)).error.code).toBe('FORM_EXPIRED');
  });

  it('lets two posts of one ticket store one message', async () => {
    const ip = newIp();
    const [ticket] = await readyTickets(ip, 1);
    const results = await Promise.all([1, 2, 3].map(() => send(form(ticket!, { email: 'race@example.com' }), ip)));
    expect(results.filter((r) => r.sent === true)).toHaveLength(1);
    expect(await countMessages('race@example.com')).toBe(1);
  });

  it('limits messages per client IP (5 an hour) with a French message saying when to retry', async () => {
    const ip = newIp();
    const tickets = await readyTickets(ip, 7);
    for (let i = 0; i < 5; i++) expect(await send(form(tickets[i]!, { email: `ip-${i}@example.com` }), ip)).toEqual({ sent: true, error: null });
    const refused = await send(form(tickets[5]!, { email: 'ip-5@example.com' }), ip);
    expect(refused.sent).toBeNull();
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.message).toMatch(/^Vous avez envoyé trop de messages\. Veuillez réessayer dans (\d+ minutes|1 heure)\.$/);
    expect(await countMessages('ip-5@example.com')).toBe(0);
    // Another visitor is not affected, and the refused ticket stays usable later (here: from elsewhere).
    const other = newIp();
    expect(await send(form(tickets[6]!, { email: 'ip-6@example.com' }), other)).toEqual({ sent: true, error: null });
  });

  it('limits messages per e-mail address (3 an hour) whatever the IP', async () => {
    const tickets = await readyTickets(newIp(), 4);
    for (let i = 0; i < 3; i++) expect(await send(form(tickets[i]!, { email: 'same@example.com' }), newIp())).toEqual({ sent: true, error: null });
    const refused = await send(form(tickets[3]!, { email: 'SAME@example.com' }), newIp());
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.message).toMatch(/Veuillez réessayer dans/);
    expect(await countMessages('same@example.com')).toBe(3);
  });

  it('limits opened forms per IP generously (120 an hour), with a French refusal', async () => {
    const ip = newIp();
    const opened = await Promise.all(Array.from({ length: 120 }, () => asGateway(OPEN, {}, ip)));
    expect(opened.every((r) => r.data?.openContactForm?.token)).toBe(true);
    expect(new Set(opened.map((r) => r.data!.openContactForm.token)).size).toBe(120);
    const refused = await asGateway(OPEN, {}, ip);
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Trop de formulaires ouverts/), extensions: { code: 'RATE_LIMITED' } });
    expect((await asGateway(OPEN, {}, newIp())).data!.openContactForm.token).toEqual(expect.any(String));
  });

  it('counts the IP the gateway forwards, not one a caller without the gateway secret claims', async () => {
    const ip = newIp();
    const [ticket] = await readyTickets(ip, 1);
    const res = await gql(ctx.app.url, SEND, { input: form(ticket!, { email: 'direct@example.com' }) }, { 'x-forwarded-for': ip });
    expect(res.status).toBe(401);
    expect(await countMessages('direct@example.com')).toBe(0);
  });
});
