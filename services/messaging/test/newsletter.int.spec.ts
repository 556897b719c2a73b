import { gatewayHeaders, readSpreadsheetCsv, SPREADSHEET_DATE_TIME, subscribe, until, wsClient, type Loose, type TestUser, withHarness } from '@lbf/service-kit/testing';
import { headerLine, linkIn, messagingHarness } from './harness';
import { adminUser } from './factories/users';
import { CAMPAIGN, campaignSent, CONFIRM, confirmTokenIn, countsByRecipient, seedActiveSubscribers, sendCampaign, SUBSCRIBE, subscribeAndConfirm } from './factories/newsletter';

describe('newsletter', () => {
  const ctx = withHarness(() => messagingHarness());
  let admin: TestUser;
  let adminEmail: string;
  beforeAll(async () => {
    ({ admin, email: adminEmail } = await adminUser(ctx));
  });

  const subscriberRow = async (email: string) =>
    (await ctx.sql.query(`SELECT * FROM messaging.newsletter_subscribers WHERE email = $1`, [email])).rows[0] as Record<string, unknown> | undefined;
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${ctx.app.baseUrl}${path}`, { method: 'POST', redirect: 'manual', headers: { ...gatewayHeaders(ctx.env.subgraphSecret, null), ...headers }, body });

  it('double opt-in: the confirmation mail, then a POST with its token makes the address active, once, with its consent', async () => {
    const events = await ctx.events(['messaging.newsletter.subscribed']);
    const email = 'Awa.Confirm@Example.com';
    const res = await ctx.as(null).gql(SUBSCRIBE, { email, source: 'CATALOGUE' });
    expect(res.data?.subscribeNewsletter).toEqual({ ok: true, error: null });
    const pending = await subscriberRow('awa.confirm@example.com');
    expect(pending).toMatchObject({ status: 'pending', source: 'catalogue', confirmed_at: null });
    expect(pending!.request_ip).toBeTruthy();
    const [mail] = await ctx.mailsTo('awa.confirm@example.com');
    const token = confirmTokenIn(ctx, mail);
    // Only the hash is stored.
    expect(JSON.stringify(pending)).not.toContain(token);

    const confirmed = await ctx.as(null).gql(CONFIRM, { token });
    expect(confirmed.data?.confirmNewsletter).toEqual({ confirmed: true, error: null });
    const active = await subscriberRow('awa.confirm@example.com');
    expect(active).toMatchObject({ status: 'active' });
    expect(active!.confirmed_at).toBeTruthy();
    expect(active!.confirm_ip).toBeTruthy();
    const event = await until(() => events.received[0], 5000, 'subscribed event');
    expect(event.data).toMatchObject({ subscriberId: active!.id, source: 'catalogue' });

    // A second press (or the link opened again) says confirmed again, and records nothing twice.
    const again = await ctx.as(null).gql(CONFIRM, { token });
    expect(again.data?.confirmNewsletter).toEqual({ confirmed: true, error: null });
    expect((await subscriberRow('awa.confirm@example.com'))!.confirmed_at).toEqual(active!.confirmed_at);
    await new Promise((r) => setTimeout(r, 300));
    expect(events.received).toHaveLength(1);
  });

  it('an unknown or expired token is refused in French', async () => {
    const unknown = await ctx.as(null).gql(CONFIRM, { token: 'x'.repeat(43) });
    expect(unknown.data?.confirmNewsletter.error).toMatchObject({ code: 'INVALID_TOKEN' });
    await ctx.as(null).gql(SUBSCRIBE, { email: 'late@example.com', source: 'FOOTER' });
    const [mail] = await ctx.mailsTo('late@example.com');
    await ctx.sql.query(`UPDATE messaging.newsletter_subscribers SET confirm_expires_at = now() - interval '1 second' WHERE email = 'late@example.com'`);
    const expired = await ctx.as(null).gql(CONFIRM, { token: confirmTokenIn(ctx, mail) });
    expect(expired.data?.confirmNewsletter.error.message).toBe('Ce lien de confirmation est invalide ou a expiré. Veuillez vous réinscrire.');
    expect((await subscriberRow('late@example.com'))!.status).toBe('pending');
  });

  it('refuses an invalid address with the spec words', async () => {
    const res = await ctx.as(null).gql(SUBSCRIBE, { email: 'pas-une-adresse', source: 'FOOTER' });
    expect(res.data?.subscribeNewsletter).toEqual({ ok: null, error: { code: 'VALIDATION', message: 'Veuillez entrer une adresse email valide', field: 'email' } });
  });

  it('gives the same answer for a new, pending, active, unsubscribed or bounced address (no enumeration), and mails only when due', async () => {
    const answers: unknown[] = [];
    const ask = async (email: string) => answers.push((await ctx.as(null).gql(SUBSCRIBE, { email, source: 'FOOTER' })).data);
    const activeEmail = 'enum-active@example.com';
    const activeId = await subscribeAndConfirm(ctx, activeEmail);
    await ask('enum-new@example.com');
    await ctx.mailsTo('enum-new@example.com', 1);
    await ask('enum-new@example.com'); // pending, within 10 minutes: no second mail
    await ask(activeEmail); // active: nothing sent
    await ctx.sql.query(
      `INSERT INTO messaging.newsletter_subscribers (id, email, status, source) VALUES (gen_random_uuid(), 'enum-bounced@example.com', 'bounced', 'footer')`,
    );
    await ask('enum-bounced@example.com');
    const unsub = await ctx.as(admin).gql(`mutation($id: ID!) { adminUnsubscribeSubscriber(id: $id) { subscriber { status unsubscribedAt } error { message } } }`, { id: activeId });
    expect(unsub.data?.adminUnsubscribeSubscriber.subscriber.status).toBe('UNSUBSCRIBED');
    // Ten minutes later (its first confirmation out of the resend window), unsubscribed: a new confirmation.
    await ctx.sql.query(`UPDATE messaging.mail_deliveries SET dedupe_key = dedupe_key || '-earlier' WHERE purpose = 'newsletter_confirmation' AND recipient = $1`, [activeEmail]);
    await ask(activeEmail);
    for (const a of answers) expect(a).toEqual({ subscribeNewsletter: { ok: true, error: null } });
    await ctx.mailsTo(activeEmail, 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.catcher.mails('enum-new@example.com')).toHaveLength(1);
    expect(ctx.catcher.mails(activeEmail)).toHaveLength(2);
    expect(ctx.catcher.mails('enum-bounced@example.com')).toHaveLength(0);
    expect((await subscriberRow(activeEmail))!.status).toBe('pending');
    // Confirming again lifts the 'unsubscribed' suppression.
    const mails = ctx.catcher.mails(activeEmail);
    await ctx.as(null).gql(CONFIRM, { token: confirmTokenIn(ctx, mails[mails.length - 1]) });
    expect((await subscriberRow(activeEmail))!.status).toBe('active');
    expect((await ctx.sql.query(`SELECT 1 FROM messaging.suppressions WHERE email = $1`, [activeEmail])).rowCount).toBe(0);
  });

  it('rate-limits sign-ups per client IP (from the gateway)', async () => {
    const fromIp = (email: string) =>
      fetch(ctx.app.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77', ...gatewayHeaders(ctx.env.subgraphSecret, null) },
        body: JSON.stringify({ query: SUBSCRIBE, variables: { email, source: 'FOOTER' } }),
      }).then((r) => r.json() as Promise<Loose>);
    const results: Loose[] = [];
    for (let i = 0; i < 22; i++) results.push(await fromIp(`rl-${i}@example.com`));
    expect(results.slice(0, 20).every((r) => r.data.subscribeNewsletter.ok === true)).toBe(true);
    expect(results[21].data.subscribeNewsletter.error.code).toBe('RATE_LIMITED');
  });

  it('a campaign reaches each active subscriber exactly once; pending and suppressed addresses get nothing; tracked links and one-click unsubscribe work', async () => {
    const active = await seedActiveSubscribers(ctx, 6, 'campaign.test');
    await ctx.as(null).gql(SUBSCRIBE, { email: 'pending-one@campaign.test', source: 'FOOTER' });
    await ctx.mailsTo('pending-one@campaign.test');
    const suppressed = active[5];
    await ctx.sql.query(`INSERT INTO messaging.suppressions (email, email_hash, reason) VALUES ($1, encode(sha256(convert_to($1, 'UTF8')), 'hex'), 'complained')`, [suppressed]);
    const receivers = active.slice(0, 5);

    const empty = await ctx.as(admin).gql(
      `mutation($input: CampaignInput!) { adminSendCampaign(input: $input) { campaign { id } error { message } } }`,
      { input: { subject: 'Sujet', contentHtml: '<script>alert(1)</script>' } },
    );
    expect(empty.data?.adminSendCampaign.error.message).toBe('Veuillez remplir le sujet et le contenu.');

    const activeNow = (await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.newsletter_subscribers WHERE status = 'active'`)).rows[0].n;
    const id = await sendCampaign(ctx, admin, {
      subject: 'Nouveautés de novembre',
      contentHtml: '<p>Bonjour <a href="https://videos.example/nouveau?x=1&amp;y=2">notre vidéo</a> <img src="x" onerror="alert(1)"></p>',
    });
    const done = await campaignSent(ctx, admin, id);
    expect(done).toMatchObject({ total: activeNow, failed: 0, suppressed: 1, sent: activeNow - 1 });
    expect(done.finishedAt).toBeTruthy();

    const counts = countsByRecipient(ctx, [...active, 'pending-one@campaign.test']);
    for (const e of receivers) expect(counts.get(e)).toBe(1);
    expect(counts.get(suppressed)).toBe(0);
    expect(ctx.catcher.mails('pending-one@campaign.test').every((m) => !m.subject.includes('Nouveautés'))).toBe(true);

    const [mail] = ctx.catcher.mails(receivers[0]);
    expect(mail.html).not.toContain('onerror');
    expect(mail.html).toContain('Se désinscrire');
    expect(mail.html).not.toContain('videos.example');
    expect(headerLine(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = headerLine(mail, 'List-Unsubscribe')!;
    const oneClick = /<(http[^>]+)>/.exec(listUnsubscribe)![1];
    expect(oneClick.startsWith(`${ctx.config.publicUrl}/newsletter/desinscription/`)).toBe(true);
    expect(listUnsubscribe).toMatch(/^<http[^>]+>, <mailto:no-reply@lbf\.test\?subject=unsubscribe-[^>]+>$/);
    expect(mail.headerLines.filter((h) => h.key.toLowerCase() === 'list-unsubscribe')).toHaveLength(1);
    expect(linkIn(mail, `${ctx.config.publicUrl}/newsletter/desinscription/`)).toBe(oneClick);

    // The tracked link: a 302 to the campaign's own URL, the click counted once per recipient.
    const tracked = linkIn(mail, `${ctx.config.publicUrl}/newsletter/lien/`);
    const path = tracked.slice(ctx.config.publicUrl.length);
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${ctx.app.baseUrl}${path}`, { redirect: 'manual', headers: gatewayHeaders(ctx.env.subgraphSecret, null) });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('https://videos.example/nouveau?x=1&y=2');
    }
    const forged = await fetch(`${ctx.app.baseUrl}${path.slice(0, -3)}abc`, { redirect: 'manual', headers: gatewayHeaders(ctx.env.subgraphSecret, null) });
    expect(forged.status).toBe(404);
    expect((await ctx.as(admin).gql(CAMPAIGN, { id })).data?.adminCampaign.uniqueClicks).toBe(1);

    // One-click: a bare POST (no cookie, no session), answered 200 at once.
    const r = await post(oneClick.slice(ctx.config.publicUrl.length), 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(200);
    expect(await subscriberRow(receivers[0])).toMatchObject({ status: 'unsubscribed' });
    expect((await subscriberRow(receivers[0]))!.unsubscribed_at).toBeTruthy();
    expect((await ctx.sql.query(`SELECT reason FROM messaging.suppressions WHERE email = $1`, [receivers[0]])).rows).toEqual([{ reason: 'unsubscribed' }]);
    expect((await post('/newsletter/desinscription/nope.nope', 'List-Unsubscribe=One-Click')).status).toBe(400);

    // The next campaign skips them, and the page's mutation works with the same token.
    const second = await sendCampaign(ctx, admin, { subject: 'Deuxième', contentHtml: '<p>Encore</p>' });
    await campaignSent(ctx, admin, second);
    expect(ctx.catcher.mails(receivers[0])).toHaveLength(1);
    expect(ctx.catcher.mails(receivers[1]).length).toBe(2);
    const token = oneClick.split('/').pop();
    const page = await ctx.as(null).gql(`mutation($token: String!) { unsubscribeNewsletter(token: $token) { unsubscribed error { message } } }`, { token });
    expect(page.data?.unsubscribeNewsletter).toEqual({ unsubscribed: true, error: null });

    // Running the fan-out again adds nothing.
    await ctx.app.deps.enqueue('campaign-fanout', { campaignId: id }, { jobId: `campaign-${id}-again` });
    await new Promise((res) => setTimeout(res, 1500));
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE campaign_id = $1`, [id])).rows[0].n).toBe(activeNow);
    expect(ctx.catcher.mails(receivers[1]).length).toBe(2);
  });

  it('follows a campaign live until SENT (admins only)', async () => {
    await seedActiveSubscribers(ctx, 40, 'live.test');
    const client = wsClient(ctx.app.wsUrl, `Bearer ${admin.token}`, gatewayHeaders(ctx.env.subgraphSecret, null));
    const id = await sendCampaign(ctx, admin, { subject: 'En direct', contentHtml: '<p>Progression</p>' });
    const sub = subscribe(client, `subscription { campaignProgress(id: "${id}") { status total sent failed suppressed } }`, (d) => d.campaignProgress);
    try {
      await until(() => sub.completed, 30_000, 'progress completed');
      const last = sub.values[sub.values.length - 1];
      expect(last.status).toBe('SENT');
      expect(last.sent + last.suppressed + last.failed).toBe(last.total);
      expect(sub.values.length).toBeGreaterThan(0);
    } finally {
      await sub.stop();
    }
    const customer = ctx.newUser();
    const denied = wsClient(ctx.app.wsUrl, `Bearer ${customer.token}`, gatewayHeaders(ctx.env.subgraphSecret, null));
    const no = subscribe(denied, `subscription { campaignProgress(id: "${id}") { status } }`, (d) => d.campaignProgress);
    try {
      await until(() => no.errors.length > 0 || no.completed, 5000, 'refusal');
      expect(no.values).toHaveLength(0);
    } finally {
      await no.stop();
    }
  });

  it('the admin page: cards, subscribers list and CSV, test send to the admin only', async () => {
    const stats = await ctx.as(admin).gql(
      `{ adminNewsletterStats { activeSubscribers pendingSubscribers engagement { rate basis label } lastCampaign { subject } } }`,
      {},
    );
    const s = stats.data?.adminNewsletterStats;
    expect(s.activeSubscribers).toBeGreaterThan(0);
    expect(s.engagement.basis).toBe('CLICKS');
    expect(s.engagement.label).toBe('Clics sur les 3 dernières campagnes');
    expect(s.engagement.rate).toBeGreaterThan(0);
    expect(s.lastCampaign.subject).toBe('En direct');

    const list = await ctx.as(admin).gql(`{ adminNewsletterSubscribers(search: "CAMPAIGN.test", status: UNSUBSCRIBED) { total items { email status source } } }`, {});
    expect(list.data?.adminNewsletterSubscribers.total).toBe(1);
    const csv = (await ctx.as(admin).gql(`{ exportNewsletterSubscribersCsv(search: "enum-active") }`, {})).data?.exportNewsletterSubscribersCsv as string;
    // Read as a French Excel or LibreOffice opens it: BOM, semicolons, dates and times in the site's zone.
    const sheet = readSpreadsheetCsv(csv);
    expect(sheet.header).toEqual(['Email', 'Date', 'Source', 'Statut']);
    const row = sheet.records.find((r) => r.Email === 'enum-active@example.com');
    expect(row).toMatchObject({ Source: 'Pied de page', Statut: 'Actif' });
    expect(row!.Date).toMatch(SPREADSHEET_DATE_TIME);

    const customer = ctx.newUser();
    const forbidden = await ctx.as(customer).gql(`{ adminNewsletterStats { activeSubscribers } }`, {});
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const before = ctx.catcher.mails().length;
    const test = await ctx.as(admin).gql(
      `mutation($input: CampaignInput!) { adminSendTestCampaign(input: $input) { sentTo error { message } } }`,
      { input: { subject: 'Essai', contentHtml: '<p><a href="https://x.example/">lien</a></p>' } },
    );
    expect(test.data?.adminSendTestCampaign).toEqual({ sentTo: adminEmail, error: null });
    const [mail] = await ctx.mailsTo(adminEmail);
    expect(mail.subject).toBe('[Test] Essai');
    expect(mail.html).toContain('https://x.example/');
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.catcher.mails().length).toBe(before + 1);
    const unknownAdmin = ctx.newUser({ admin: true });
    const refused = await ctx.as(unknownAdmin).gql(
      `mutation($input: CampaignInput!) { adminSendTestCampaign(input: $input) { sentTo error { code } } }`,
      { input: { subject: 'Essai', contentHtml: '<p>x</p>' } },
    );
    expect(refused.data?.adminSendTestCampaign.error.code).toBe('NOT_FOUND');
  });
});
