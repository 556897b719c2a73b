import { Browser, until } from '@lbf/service-kit/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { startFiveServices, type FiveServices } from './five-services';
import { guideOnSale, lessonOnSale, payByMobileMoney, receiveInternalMessage, sendContactMessage, signUpPerson, subscribeToNewsletter, type Person } from './journeys';

/**
 * Data export across the five services (issue 23 point 2), through the gateway: a person who used
 * every feature asks for it from « Mes données »; each service sends its part, messaging makes the
 * archive and mails the link; the link downloads a ZIP holding each service's part with their data
 * and their receipts as PDF. Nobody else can ask for it or open it, a second request the same day is
 * refused, an administrator's export for someone is journaled and mailed to the person, and a
 * service down at the time sends its part when it is back.
 */

const REQUEST = 'mutation { requestDataExport { request { id requestedAt } error { code message } } }';
const ADMIN_REQUEST = 'mutation R($userId: ID!, $reason: String!) { adminRequestDataExport(userId: $userId, reason: $reason) { request { id } error { code message } } }';
const MY_EXPORT = 'query { me { dataExport { id status partsReady partsTotal requestedAt expiresAt byAdministrator downloadUrl } } }';
const LINK = /(https?:\/\/[^\s"<>]+\/donnees\/export\/[A-Za-z0-9_.-]+)/;

describe('data export across the five services', () => {
  let stack: FiveServices;
  let nc: NatsConnection;
  let admin: Browser;
  let dir: string;
  const sql = () => stack.env.sql;

  /** The link as the gateway answers it (the mail names the public origin, the test's gateway listens elsewhere). */
  const throughGateway = (link: string) => `${stack.gateway.url.replace(/\/graphql$/, '').replace(/\/$/, '')}${new URL(link).pathname}`;
  const gatewayOrigin = () => new URL(stack.gateway.url).origin;

  async function readyExport(p: Person) {
    return until(
      async () => {
        const e = (await p.browser.gql(MY_EXPORT)).data?.me?.dataExport;
        return e?.status === 'READY' ? e : null;
      },
      60_000,
      'the archive is ready',
    );
  }

  /** The archive's files, read back with Info-ZIP's unzip (a part's JSON as the test reads it: any shape). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function unzipped(archive: Buffer): { names: string[]; json: (name: string) => Record<string, any>; bytes: (name: string) => Buffer } {
    const file = join(dir, `export-${Date.now()}.zip`);
    writeFileSync(file, archive);
    expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    return {
      names: execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n'),
      json: (name) => JSON.parse(execFileSync('unzip', ['-p', file, name]).toString()),
      bytes: (name) => execFileSync('unzip', ['-p', file, name]),
    };
  }

  beforeAll(async () => {
    stack = await startFiveServices();
    nc = await connect({ servers: stack.env.baseConfig('identity').natsUrl });
    admin = new Browser(stack.gateway.url);
    admin.token = stack.env.newUser({ admin: true }).token;
    dir = mkdtempSync(join(tmpdir(), 'lbf-export-test-'));
  }, 180_000);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let zenaide: Person;
  let link: string;

  it('gathers what every service holds about a person into one archive, mailed to them as a short-lived link', async () => {
    const [guide, lesson] = [await guideOnSale(stack, nc), await lessonOnSale(stack, nc)];
    zenaide = await signUpPerson(stack, 'Zénaïde', 'Mvondoekotto');
    const order = await payByMobileMoney(stack, zenaide, guide, 'PDF');
    await payByMobileMoney(stack, zenaide, lesson, 'VIDEO');
    await until(async () => (await sql().query('SELECT 1 FROM catalogue.entitlements WHERE user_id = $1 AND item_id = $2', [zenaide.id, lesson])).rowCount, 10_000, 'the lesson');
    // Watch progress is kept only with the health-data consent (the privacy page), which the catalogue learns by event.
    const consent = await zenaide.browser.gql('mutation { setHealthDataConsent(input: { given: true }) { error { message } } }');
    expect(consent.data!.setHealthDataConsent.error).toBeNull();
    await until(async () => (await sql().query('SELECT 1 FROM catalogue.health_data_consents WHERE user_id = $1 AND given', [zenaide.id])).rowCount, 10_000, 'the catalogue knows the consent');
    const progress = await zenaide.browser.gql(`mutation W($id: ID!) { saveWatchProgress(videoId: $id, positionSeconds: 42) { error { message } } }`, { id: lesson });
    expect(progress.data!.saveWatchProgress.error).toBeNull();
    const data = await zenaide.browser.gql(`mutation L($id: ID!) { recordLessonData(videoId: $id, bytes: 1000) { error { message } } }`, { id: lesson });
    expect(data.data!.recordLessonData.error).toBeNull();
    await sendContactMessage(stack, zenaide);
    await receiveInternalMessage(stack, admin, zenaide);
    await subscribeToNewsletter(stack, zenaide);

    const asked = await zenaide.browser.gql(REQUEST);
    expect(asked.data!.requestDataExport.error).toBeNull();
    const exportId = asked.data!.requestDataExport.request.id as string;
    const ready = await readyExport(zenaide);
    expect(ready).toMatchObject({ id: exportId, partsReady: 5, partsTotal: 5, byAdministrator: false, downloadUrl: expect.stringMatching(LINK) });
    // Valid 24 hours from when it was made.
    const hours = (Date.parse(ready.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);

    const mail = await until(() => stack.mail.mails(zenaide.email).find((m) => m.subject.startsWith('Vos données sont prêtes')), 15_000, 'the mail with the link');
    link = LINK.exec(mail.text!)![1]!;
    expect(mail.text).toContain('valable 24 heures');
    expect(link).toBe(ready.downloadUrl);

    // Anyone holding the link (no session: a mail client's browser) downloads; the gateway relays it.
    const res = await fetch(throughGateway(link));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lbf-mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipped(Buffer.from(await res.arrayBuffer()));
    expect(zip.names).toEqual(expect.arrayContaining(['LISEZMOI.txt', 'identity.json', 'catalogue.json', 'commerce.json', 'messaging.json', 'analytics.json']));

    const identity = zip.json('identity.json');
    expect(identity.profile).toMatchObject({ id: zenaide.id, email: zenaide.email, first_name: 'Zénaïde', last_name: 'Mvondoekotto', phone: zenaide.phone });
    expect(identity.profile).not.toHaveProperty('password_hash');
    expect(identity.sessions.length).toBeGreaterThanOrEqual(1);
    expect(identity.sessions[0]).toHaveProperty('ip');
    expect(identity.consents.map((c: { kind: string }) => c.kind)).toEqual(expect.arrayContaining(['terms', 'privacy']));
    expect(identity.dataExports).toEqual([expect.objectContaining({ id: exportId })]);

    const catalogue = zip.json('catalogue.json');
    expect(catalogue.ownedItems.map((i: { title: string }) => i.title).sort()).toEqual(['Les plantes du sommeil', 'Respirer']);
    expect(catalogue.watchProgress).toEqual([expect.objectContaining({ videoId: lesson, title: 'Respirer', positionSeconds: 42 })]);
    expect(catalogue.lessonDataUse).toEqual([expect.objectContaining({ month: new Date().toISOString().slice(0, 7), offlineBytes: 0 })]);

    const commerce = zip.json('commerce.json');
    expect(commerce.orders).toHaveLength(2);
    expect(commerce.paymentAttempts).toHaveLength(2);
    expect(commerce.paymentAttempts[0]).toMatchObject({ provider: 'mtn', phone: zenaide.phone, status: 'completed' });
    expect(JSON.stringify(commerce)).not.toMatch(/authorization_?url|trace/i);
    const receipt = commerce.receipts.find((r: { orderId: string }) => r.orderId === order);
    expect(receipt).toMatchObject({ receiptNumber: expect.stringMatching(/^LBF-/), buyerName: 'Zénaïde Mvondoekotto', amountXaf: 2356, provider: 'mtn' });
    const pdfs = zip.names.filter((n) => n.startsWith('recus/'));
    expect(pdfs.sort()).toEqual(commerce.receipts.map((r: { receiptNumber: string }) => `recus/recu-${r.receiptNumber}.pdf`).sort());
    expect(zip.bytes(`recus/recu-${receipt.receiptNumber}.pdf`).subarray(0, 5).toString()).toBe('%PDF-');

    const messaging = zip.json('messaging.json');
    expect(messaging.contactMessages).toEqual([expect.objectContaining({ email: zenaide.email, subject: 'support', message: expect.stringContaining('Zénaïde') })]);
    expect(messaging.internalMessages).toEqual([expect.objectContaining({ subject: 'Bonjour Zénaïde', toEveryone: false })]);
    expect(messaging.newsletter).toMatchObject({ email: zenaide.email, status: 'active', confirmedAt: expect.any(String), source: 'footer' });
    expect(messaging.newsletter).not.toHaveProperty('confirm_token_hash');
    expect(messaging.mails.map((m: { purpose: string }) => m.purpose)).toEqual(expect.arrayContaining(['welcome', 'purchase_receipt', 'contact_acknowledgement', 'newsletter_confirmation']));

    const analytics = zip.json('analytics.json');
    expect(analytics.registration).toMatchObject({ registeredAt: expect.any(String) });
    expect(analytics.pageVisits.note).toMatch(/jamais rattaché à votre compte/);

    // The parts, kept only until the archive was made; the parts' events leave no outbox row behind.
    expect((await sql().query('SELECT 1 FROM messaging.data_export_parts WHERE export_id = $1', [exportId])).rowCount).toBe(0);
    for (const s of ['identity', 'catalogue', 'commerce', 'messaging', 'analytics']) {
      await until(async () => ((await sql().query(`SELECT 1 FROM ${s}.outbox WHERE subject = $1`, [`${s}.user.export_part_ready`])).rowCount === 0 ? true : null), 10_000, `${s}'s part left its outbox`);
    }
  });

  it('refuses a second request the same day, in French', async () => {
    const again = await zenaide.browser.gql(REQUEST);
    expect(again.data!.requestDataExport).toEqual({
      request: null,
      error: { code: 'RATE_LIMITED', message: 'Un export de ces données a déjà été demandé il y a moins de 24 heures. Vous pourrez en demander un nouveau dans 24 heure(s).' },
    });
    expect((await sql().query('SELECT 1 FROM identity.data_exports WHERE user_id = $1', [zenaide.id])).rowCount).toBe(1);
  });

  it('is refused to anyone but the person: another customer can neither ask for it, nor see it, nor open a forged link', async () => {
    const awa = await signUpPerson(stack, 'Awa', 'Ndiaye');
    const forThem = await awa.browser.gql(ADMIN_REQUEST, { userId: zenaide.id, reason: 'curiosité' });
    expect(forThem.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await awa.browser.gql(MY_EXPORT)).data!.me.dataExport).toBeNull();
    expect((await browserAnonymous().gql(REQUEST)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const token = link.split('/').pop()!;
    const forged = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    const res = await fetch(`${gatewayOrigin()}/donnees/export/${forged}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/invalide ou a expiré/);
    // An administrator sees that an export exists, never its link.
    const seen = await admin.gql('query U($s: String) { adminUsers(search: $s) { items { id dataExport { status downloadUrl } } } }', { s: zenaide.email });
    expect(seen.data!.adminUsers.items).toEqual([{ id: zenaide.id, dataExport: { status: 'READY', downloadUrl: null } }]);
  });

  it('stops working when the archive expires', async () => {
    await sql().query(`UPDATE messaging.data_exports SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [zenaide.id]);
    expect((await fetch(throughGateway(link))).status).toBe(404);
    expect((await zenaide.browser.gql(MY_EXPORT)).data!.me.dataExport).toBeNull();
  });

  it('is asked by an administrator for someone, with a reason: journaled, and mailed to the person', async () => {
    const yao = await signUpPerson(stack, 'Yao', 'Kouassi');
    const noReason = await admin.gql(ADMIN_REQUEST, { userId: yao.id, reason: ' ' });
    expect(noReason.data!.adminRequestDataExport.error).toMatchObject({ message: "Veuillez indiquer le motif de l'export." });
    const asked = await admin.gql(ADMIN_REQUEST, { userId: yao.id, reason: 'Demandé par e-mail le 26/11' });
    expect(asked.data!.adminRequestDataExport.error).toBeNull();
    const entry = await until(
      async () => (await sql().query(`SELECT action, target_id, details FROM analytics.admin_journal WHERE action = 'user.data_exported' AND target_id = $1`, [yao.id])).rows[0],
      15_000,
      'the journal entry',
    );
    expect(entry.details).toMatchObject({ reason: 'Demandé par e-mail le 26/11' });
    const ready = await readyExport(yao);
    expect(ready.byAdministrator).toBe(true);
    const mail = await until(() => stack.mail.mails(yao.email).find((m) => m.subject.startsWith('Vos données sont prêtes')), 15_000, 'the mail to the person');
    expect(mail.text).toContain('À votre demande, notre équipe a préparé');
    // The administrator's request counts as the person's one of the day.
    expect((await yao.browser.gql(REQUEST)).data!.requestDataExport.error.code).toBe('RATE_LIMITED');
  });

  it('waits for a service that was down: its part comes when it is back, then the archive', async () => {
    const mireille = await signUpPerson(stack, 'Mireille', 'Onana');
    // Analytics has heard of her registration before it goes down (as it would have, long before an export).
    await until(async () => (await sql().query('SELECT 1 FROM analytics.registrations WHERE user_id = $1', [mireille.id])).rowCount, 10_000, 'analytics knows her');
    await stack.stopService('analytics');
    try {
      expect((await mireille.browser.gql(REQUEST)).data!.requestDataExport.error).toBeNull();
      const four = await until(
        async () => {
          const e = (await mireille.browser.gql(MY_EXPORT)).data?.me?.dataExport;
          return e?.partsReady === 4 ? e : null;
        },
        30_000,
        'four parts in',
      );
      expect(four).toMatchObject({ status: 'PREPARING', partsTotal: 5, downloadUrl: null });
    } finally {
      await stack.startService('analytics');
    }
    const ready = await readyExport(mireille);
    const zip = unzipped(Buffer.from(await (await fetch(throughGateway(ready.downloadUrl))).arrayBuffer()));
    expect(zip.json('analytics.json').registration).toMatchObject({ registeredAt: expect.any(String) });
  });

  function browserAnonymous(): Browser {
    return new Browser(stack.gateway.url);
  }
});
