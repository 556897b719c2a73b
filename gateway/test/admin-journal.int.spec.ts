import { natsSubject, type Envelope } from '@lbf/proto-events';
import { Browser, readSpreadsheetCsv, until } from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { makeFixtures } from '../../services/catalogue/test/public';
import { runCreateAdmin } from '../../services/identity/test/public';
import { signUpThroughGateway } from './accounts';
import { adminFields } from './admin-fields';
import { startFiveServices, type FiveServices } from './five-services';

/**
 * Issue 23 §6 through the five services and the gateway: an administrator made by the command
 * (admin:create) signs in from one IP and walks every administrators' mutation of every subgraph
 * once; the « Journal » then holds exactly one entry per action, with who, from where and on what.
 * The walk is held to the SDL: an administrators' mutation added later fails here until it is
 * walked (and recorded) or named below with the reason it records nothing.
 */

/** Administrators' mutations that change nothing anyone else sees, so the journal does not record them. */
const NOT_RECORDED: Record<string, string> = {
  createUpload: 'hands out a signed upload URL; the file becomes content only through createVideo/createPdf, which are recorded',
  markSaleSeen: 'closes a sale in the administrator’s own bell',
};

const ADMIN_IP = '10.20.30.40';
const ADMIN_UA = 'Mozilla/5.0 (X11; Linux x86_64) LBF-journal-test';

interface Walked {
  mutation: string;
  action: string;
  targetId: string;
}

interface JournalEntry {
  id: string;
  origin: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  service: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  details: string;
}

const JOURNAL = `query Journal($filter: AdminJournalFilter, $pageSize: Int) {
  adminJournal(filter: $filter, pageSize: $pageSize) {
    total
    items { id origin actorId actorName actorEmail ip userAgent service action targetType targetId targetLabel details }
  }
}`;

describe('the administrators’ journal, every administrators’ mutation walked through the gateway', () => {
  let stack: FiveServices;
  let nc: NatsConnection;
  const admin = { id: '', email: `mariam.${Date.now()}@lbf.test`, browser: null as unknown as Browser };
  let customer: Awaited<ReturnType<typeof signUpThroughGateway>>;
  const walked: Walked[] = [];
  const origin = () => new URL(stack.gateway.url).origin;
  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await stack.env.sql.query(text, values)).rows as T[];

  /** One administrators' mutation through the gateway, from the admin's IP and browser; its root field's payload (no error). */
  async function asAdmin(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const res = await admin.browser.gql(query, variables, { 'user-agent': ADMIN_UA });
    const [field, payload] = Object.entries(res.data ?? {})[0] ?? [];
    if (res.errors || !field || (payload as { error?: unknown })?.error) throw new Error(`${field ?? query}: ${JSON.stringify(res.errors ?? payload)}`);
    return payload as Record<string, unknown>;
  }

  /** What an entry is about: an id known before, or read from the mutation's payload (or elsewhere) after. */
  type Target = string | ((payload: Record<string, unknown>) => string | Promise<string>);

  /** Runs a mutation that must be recorded, and notes which entry it should make; its payload. */
  async function walk(mutation: string, action: string, target: Target, query: string, variables: Record<string, unknown> = {}) {
    const payload = await asAdmin(query, variables);
    walked.push({ mutation, action, targetId: typeof target === 'string' ? target : await target(payload) });
    return payload;
  }
  const idOf = (key: string) => (payload: Record<string, unknown>) => (payload[key] as { id: string }).id;

  async function upload(kind: string, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
    const { upload: ticket } = (await asAdmin(
      `mutation Up($input: CreateUploadInput!) { createUpload(input: $input) { upload { uploadId url headers { name value } } error { message } } }`,
      { input: { kind, fileName, contentType, size: bytes.length } },
    )) as { upload: { uploadId: string; url: string; headers: Array<{ name: string; value: string }> } };
    const put = await fetch(new URL(ticket.url, origin()), { method: 'PUT', headers: Object.fromEntries(ticket.headers.map((h) => [h.name, h.value])), body: bytes });
    if (!put.ok) throw new Error(`PUT ${put.status}`);
    return ticket.uploadId;
  }

  const videoSettled = (id: string) =>
    until(async () => ((await sql(`SELECT 1 FROM catalogue.videos WHERE id = $1 AND processing_state IN ('ready', 'failed')`, [id])).length ? true : null), 90_000, 'the video’s build to end');

  async function walkCatalogue(): Promise<string> {
    const fixtures = await makeFixtures();
    const pdf = (await walk('createPdf', 'pdf.created', idOf('pdf'), `mutation($input: CreatePdfInput!) { createPdf(input: $input) { pdf { id } error { message } } }`, {
      input: { title: 'Guide du moringa', category: 'nutrition', fileUploadId: await upload('PDF', 'guide.pdf', 'application/pdf', fixtures.pdf) },
    })) as { pdf: { id: string } };
    const pdfId = pdf.pdf.id;
    await walk('updatePdf', 'pdf.updated', pdfId, `mutation($id: ID!) { updatePdf(id: $id, input: { title: "Guide du moringa, 2e édition" }) { pdf { id } error { message } } }`, { id: pdfId });

    const video = (await walk('createVideo', 'video.created', idOf('video'), `mutation($input: CreateVideoInput!) { createVideo(input: $input) { video { id } error { message } } }`, {
      input: { title: 'Le sommeil réparateur', category: 'sleep', videoUploadId: await upload('VIDEO', 'lecon.mp4', 'video/mp4', fixtures.mp4) },
    })) as { video: { id: string } };
    const videoId = video.video.id;
    await walk('updateVideo', 'video.updated', videoId, `mutation($id: ID!) { updateVideo(id: $id, input: { title: "Le sommeil, leçon 1" }) { video { id } error { message } } }`, { id: videoId });
    await videoSettled(videoId);
    await walk('retryVideoProcessing', 'video.reprocessed', videoId, `mutation($id: ID!) { retryVideoProcessing(id: $id) { video { id } error { message } } }`, { id: videoId });
    await videoSettled(videoId);
    await walk('deleteVideo', 'video.deleted', videoId, `mutation($id: ID!) { deleteVideo(id: $id) { ok error { message } } }`, { id: videoId });
    await walkContent();
    return pdfId;
  }

  async function walkContent(): Promise<void> {
    const { article } = (await walk('createArticle', 'article.created', idOf('article'), `mutation($input: CreateArticleInput!) { createArticle(input: $input) { article { id } error { message } } }`, {
      input: { title: 'Le moringa', excerpt: 'Une plante riche.', bodyHtml: '<p>Le moringa nourrit.</p>', author: 'Dr Ndiaye', category: 'nutrition' },
    })) as { article: { id: string } };
    const a = { id: article.id };
    await walk('updateArticle', 'article.updated', article.id, `mutation($id: ID!) { updateArticle(id: $id, input: { title: "Le moringa au quotidien" }) { article { id } error { message } } }`, a);
    await walk('publishArticle', 'article.published', article.id, `mutation($id: ID!) { publishArticle(id: $id) { article { id } error { message } } }`, a);
    await walk('unpublishArticle', 'article.unpublished', article.id, `mutation($id: ID!) { unpublishArticle(id: $id) { article { id } error { message } } }`, a);
    await walk('deleteArticle', 'article.deleted', article.id, `mutation($id: ID!) { deleteArticle(id: $id) { ok error { message } } }`, a);

    const { testimonial } = (await walk(
      'createTestimonial',
      'testimonial.created',
      idOf('testimonial'),
      `mutation { createTestimonial(input: { name: "Awa", content: "Merci pour ces leçons." }) { testimonial { id } error { message } } }`,
    )) as { testimonial: { id: string } };
    const t = { id: testimonial.id };
    await walk('updateTestimonial', 'testimonial.updated', testimonial.id, `mutation($id: ID!) { updateTestimonial(id: $id, input: { content: "Merci beaucoup." }) { testimonial { id } error { message } } }`, t);
    await walk('deleteTestimonial', 'testimonial.deleted', testimonial.id, `mutation($id: ID!) { deleteTestimonial(id: $id) { ok error { message } } }`, t);
    await walk('updateSiteSettings', 'settings.updated', 'site', `mutation { updateSiteSettings(input: { siteName: "LBF Santé" }) { settings { siteName } error { message } } }`);
  }

  async function walkCommerce(pdfId: string): Promise<void> {
    await until(async () => ((await sql('SELECT 1 FROM commerce.price_list WHERE item_id = $1', [pdfId])).length ? true : null), 10_000, 'commerce knows the guide');
    const start = await customer.browser.gql('mutation($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id } error { message } } }', {
      input: { itemId: pdfId, itemType: 'PDF', method: 'NOTCHPAY', consentImmediateAccess: true, consentHealthData: true },
    });
    const orderId = start.data!.startCheckout.order.id as string;
    const reason = (r: string) => ({ input: { orderId, reason: r } });
    await walk('adminGrantOrder', 'order.granted', orderId, `mutation($input: AdminOrderReasonInput!) { adminGrantOrder(input: $input) { order { status } error { message } } }`, reason('Payé en espèces'));
    await walkReviews(pdfId, orderId);
    await walk('adminMarkRefunded', 'order.refunded', orderId, `mutation($input: AdminOrderReasonInput!) { adminMarkRefunded(input: $input) { order { status } error { message } } }`, reason('Remboursé au bureau'));
    await walk('adminRecheckOrder', 'order.rechecked', orderId, `mutation($id: ID!) { adminRecheckOrder(orderId: $id) { order { status } error { message } } }`, { id: orderId });
    await walkPromoCodes(pdfId);
    await walk('deletePdf', 'pdf.deleted', pdfId, `mutation($id: ID!) { deletePdf(id: $id) { ok error { message } } }`, { id: pdfId });
  }

  async function walkPromoCodes(pdfId: string): Promise<void> {
    const code = { code: `MORINGA${Date.now().toString(36).toUpperCase()}`, kind: 'PERCENT', percent: 10, itemIds: [pdfId] };
    const created = (await walk('adminCreatePromoCode', 'promo_code.created', (p) => (p.promoCode as { id: string }).id, `mutation($input: PromoCodeInput!) { adminCreatePromoCode(input: $input) { promoCode { id } error { message } } }`, {
      input: code,
    })) as { promoCode: { id: string } };
    const id = created.promoCode.id;
    await walk('adminUpdatePromoCode', 'promo_code.updated', id, `mutation($id: ID!, $input: PromoCodeInput!) { adminUpdatePromoCode(id: $id, input: $input) { promoCode { id } error { message } } }`, {
      id,
      input: { ...code, percent: 15 },
    });
    await walk('adminSetPromoCodeActive', 'promo_code.deactivated', id, `mutation($id: ID!) { adminSetPromoCodeActive(id: $id, active: false) { promoCode { id } error { message } } }`, { id });
  }

  /** The granted guide's buyer reviews it; the administrator hides the review with a reason, then shows it again. */
  async function walkReviews(pdfId: string, orderId: string): Promise<void> {
    await until(async () => ((await sql('SELECT 1 FROM catalogue.entitlements WHERE order_id = $1 AND granted_at IS NOT NULL', [orderId])).length ? true : null), 10_000, 'catalogue grants the guide');
    const reviewed = await customer.browser.gql('mutation($input: ReviewItemInput!) { reviewItem(input: $input) { review { id } error { message } } }', {
      input: { itemId: pdfId, rating: 2, text: 'Appelez-moi au 699 00 00 00' },
    });
    const reviewId = reviewed.data!.reviewItem.review.id as string;
    const r = { id: reviewId };
    await walk('hideReview', 'review.hidden', reviewId, `mutation($id: ID!) { hideReview(id: $id, reason: "Données personnelles") { review { id } error { message } } }`, r);
    await walk('unhideReview', 'review.unhidden', reviewId, `mutation($id: ID!) { unhideReview(id: $id) { review { id } error { message } } }`, r);
  }

  async function walkMessaging(contactTicket: string): Promise<void> {
    const sent = (await walk('adminSendMessage', 'message.sent', idOf('message'), `mutation($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { message { id } error { message } } }`, {
      input: { toAll: false, recipientId: customer.id, subject: 'Bienvenue', content: 'Votre accès est prêt.' },
    })) as { message: { id: string } };
    await walk('adminMarkMessageRead', 'message.marked_read', sent.message.id, `mutation($id: ID!) { adminMarkMessageRead(id: $id) { message { id } error { message } } }`, { id: sent.message.id });

    const visitor = new Browser(stack.gateway.url, { ip: '10.9.8.7' });
    const contact = await visitor.gql('mutation($input: ContactInput!) { sendContactMessage(input: $input) { sent error { message } } }', {
      input: { name: 'Awa Ndiaye', email: 'awa.contact@exemple.test', subject: 'GENERAL', message: 'Bonjour, une question sur les guides.', acceptTerms: true, ticket: contactTicket },
    });
    expect(contact.data?.sendContactMessage).toEqual({ sent: true, error: null });
    const [{ id: contactId }] = await sql<{ id: string }>(`SELECT id FROM messaging.contact_messages WHERE email = 'awa.contact@exemple.test'`);
    const c = { id: contactId };
    await walk('adminMarkContactMessage', 'contact_message.marked_read', contactId!, `mutation($id: ID!) { adminMarkContactMessage(id: $id, read: true) { contactMessage { id } error { message } } }`, c);
    await walk('adminArchiveContactMessage', 'contact_message.archived', contactId!, `mutation($id: ID!) { adminArchiveContactMessage(id: $id, archived: true) { contactMessage { id } error { message } } }`, c);
    await walk('adminReplyContactMessage', 'contact_message.replied', contactId!, `mutation($id: ID!) { adminReplyContactMessage(id: $id, body: "Bonjour Awa, voici la réponse.") { contactMessage { id } error { message } } }`, c);
    await walkNewsletter(visitor);
  }

  async function walkNewsletter(visitor: Browser): Promise<void> {
    await visitor.gql('mutation { subscribeNewsletter(email: "lecteur@exemple.test", source: FOOTER) { error { message } } }');
    const [{ id: subscriberId }] = await sql<{ id: string }>(`SELECT id FROM messaging.newsletter_subscribers WHERE email = 'lecteur@exemple.test'`);
    await walk('adminUnsubscribeSubscriber', 'subscriber.unsubscribed', subscriberId!, `mutation($id: ID!) { adminUnsubscribeSubscriber(id: $id) { subscriber { id } error { message } } }`, { id: subscriberId });
    const campaign = { input: { subject: 'Les nouveautés de juin', contentHtml: '<p>Trois nouvelles leçons.</p>' } };
    const testDelivery = async () => (await sql<{ id: string }>(`SELECT id FROM messaging.mail_deliveries WHERE purpose = 'newsletter_test'`))[0]!.id;
    await walk('adminSendTestCampaign', 'campaign.test_sent', testDelivery, `mutation($input: CampaignInput!) { adminSendTestCampaign(input: $input) { sentTo error { message } } }`, campaign);
    await walk('adminSendCampaign', 'campaign.sent', idOf('campaign'), `mutation($input: CampaignInput!) { adminSendCampaign(input: $input) { campaign { id } error { message } } }`, campaign);
    // A mail that failed: the test mail, once sent, marked failed behind messaging's back.
    const mailId = await testDelivery();
    await until(async () => ((await sql(`SELECT 1 FROM messaging.mail_deliveries WHERE id = $1 AND status = 'sent'`, [mailId])).length ? true : null), 15_000, 'the test mail sent');
    await stack.env.sql.query(`UPDATE messaging.mail_deliveries SET status = 'failed', last_error = 'SMTP 451' WHERE id = $1`, [mailId]);
    await walk('adminRetryMailDelivery', 'mail.resent', mailId, `mutation($id: ID!) { adminRetryMailDelivery(id: $id) { delivery { id } error { message } } }`, { id: mailId });
    await walkWebhooks();
  }

  /**
   * Webhooks, to contact messages only (the one sent above came before the subscription, so nothing
   * is ever sent to the example address: no test reaches off loopback). The delivery sent again is
   * a row written here, sent while the subscription is paused (so it stays pending), then settled
   * before the subscription is resumed.
   */
  async function walkWebhooks(): Promise<void> {
    const created = await walk('adminCreateWebhookSubscription', 'webhook.created', idOf('subscription'), `mutation($input: CreateWebhookSubscriptionInput!) { adminCreateWebhookSubscription(input: $input) { subscription { id } secret error { message } } }`, {
      input: { url: 'https://hooks.example.com/lbf', events: ['CONTACT_MESSAGE_RECEIVED'] },
    });
    const hookId = (created.subscription as { id: string }).id;
    const toggle = `mutation($id: ID!, $active: Boolean!) { adminSetWebhookSubscriptionActive(id: $id, active: $active) { subscription { id } error { message } } }`;
    await walk('adminSetWebhookSubscriptionActive', 'webhook.paused', hookId, toggle, { id: hookId, active: false });
    const deliveryId = randomUUID();
    await stack.env.sql.query(
      `INSERT INTO messaging.webhook_deliveries (id, subscription_id, event_id, event_type, body, status, attempts, last_error) VALUES ($1, $2, $3, 'contact.message_received', '{}', 'failed', 8, 'HTTP 500')`,
      [deliveryId, hookId, randomUUID()],
    );
    await walk('adminRetryWebhookDelivery', 'webhook.delivery_resent', hookId, `mutation($id: ID!) { adminRetryWebhookDelivery(id: $id) { delivery { id } error { message } } }`, { id: deliveryId });
    await stack.env.sql.query(`UPDATE messaging.webhook_deliveries SET status = 'succeeded' WHERE id = $1`, [deliveryId]);
    await walk('adminSetWebhookSubscriptionActive', 'webhook.resumed', hookId, toggle, { id: hookId, active: true });
    await walk('adminRotateWebhookSecret', 'webhook.secret_rotated', hookId, `mutation($id: ID!) { adminRotateWebhookSecret(id: $id) { subscription { id } secret error { message } } }`, { id: hookId });
    await walk('adminDeleteWebhookSubscription', 'webhook.deleted', hookId, `mutation($id: ID!) { adminDeleteWebhookSubscription(id: $id) { ok error { message } } }`, { id: hookId });
  }

  beforeAll(async () => {
    stack = await startFiveServices({ trustedProxies: ['127.0.0.1'] });
    nc = await connect({ servers: stack.env.baseConfig('identity').natsUrl });
    const line = await runCreateAdmin(['--email', admin.email, '--password', 'secret-admin1', '--first-name', 'Mariam', '--last-name', 'Admin'], {
      DATABASE_URL: stack.env.db.urlFor('identity'),
      NATS_URL: stack.env.baseConfig('identity').natsUrl,
      EVENT_STREAM: stack.env.stream.stream,
      EVENT_PREFIX: stack.env.stream.prefix,
    });
    admin.id = /\(([0-9a-f-]{36})\)/.exec(line)![1]!;
    admin.browser = new Browser(stack.gateway.url, { ip: ADMIN_IP });
    const signIn = await admin.browser.gql('mutation($input: SignInInput!) { signIn(input: $input) { accessToken error { message } } }', {
      input: { email: admin.email, password: 'secret-admin1', asAdmin: true },
    });
    admin.browser.token = signIn.data!.signIn.accessToken;
    customer = await signUpThroughGateway(stack, { firstName: 'Jean', lastName: 'Éboué' });
    const ticket = await new Browser(stack.gateway.url, { ip: '10.9.8.7' }).gql('mutation { openContactForm { token minSeconds } }');
    const ticketReadyAt = Date.now() + ticket.data!.openContactForm.minSeconds * 1000;
    await until(async () => ((await sql('SELECT 1 FROM messaging.users WHERE user_id = ANY($1::uuid[])', [[admin.id, customer.id]])).length === 2 ? true : null), 10_000, 'messaging knows both');

    const b = { input: { userId: customer.id, reason: 'Fraude à la carte' } };
    await walk('banUser', 'user.banned', customer.id, 'mutation($input: BanUserInput!) { banUser(input: $input) { user { id } error { message } } }', b);
    await walk('unbanUser', 'user.unbanned', customer.id, 'mutation($input: UnbanUserInput!) { unbanUser(input: $input) { user { id } error { message } } }', { input: { ...b.input, reason: 'Erreur' } });
    const key = await walk('adminCreateApiKey', 'api_key.created', (p) => (p.apiKey as { id: string }).id, 'mutation($input: CreateApiKeyInput!) { adminCreateApiKey(input: $input) { apiKey { id } secret error { message } } }', {
      input: { name: 'ERP', scopes: ['orders:read'], costPerMinute: 600, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const keyId = (key.apiKey as { id: string }).id;
    await walk('adminRevokeApiKey', 'api_key.revoked', keyId, 'mutation($input: RevokeApiKeyInput!) { adminRevokeApiKey(input: $input) { apiKey { id } error { message } } }', { input: { id: keyId } });
    // Signed out by the ban: the customer signs in again to buy.
    const again = await customer.browser.gql('mutation($input: SignInInput!) { signIn(input: $input) { accessToken } }', { input: { email: customer.email, password: 'secret1' } });
    customer.browser.token = again.data!.signIn.accessToken;
    const pdfId = await walkCatalogue();
    await walkCommerce(pdfId);
    // A form sent sooner than a person could fill it is refused (bot defence): wait out what is left.
    await new Promise((r) => setTimeout(r, Math.max(0, ticketReadyAt - Date.now()) + 100));
    await walkMessaging(ticket.data!.openContactForm.token);
    // The customer's data export, asked on their behalf (the archive is mailed to them).
    await walk('adminRequestDataExport', 'user.data_exported', customer.id, 'mutation($userId: ID!, $reason: String!) { adminRequestDataExport(userId: $userId, reason: $reason) { request { id } error { message } } }', {
      userId: customer.id,
      reason: 'Demandé par e-mail',
    });
    // Last: the customer's deletion starts its grace period (the account keeps working meanwhile).
    await walk('adminDeleteUser', 'user.deletion_requested', customer.id, 'mutation($userId: ID!, $reason: String!) { adminDeleteUser(userId: $userId, reason: $reason) { user { id } error { message } } }', {
      userId: customer.id,
      reason: 'Demandé par e-mail',
    });
  }, 400_000);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  async function journal(filter: Record<string, unknown> | null = null): Promise<{ total: number; items: JournalEntry[] }> {
    const res = await admin.browser.gql(JOURNAL, { filter, pageSize: 100 });
    if (!res.data) throw new Error(JSON.stringify(res.errors));
    return res.data.adminJournal;
  }

  const mine = () => journal({ actor: admin.id });

  it('walks every administrators’ mutation of the five subgraphs but those that record nothing', () => {
    const mutations = adminFields()
      .filter((f) => f.kind === 'mutation')
      .map((f) => f.name)
      .filter((name) => !(name in NOT_RECORDED))
      .sort();
    expect([...new Set(walked.map((w) => w.mutation))].sort()).toEqual(mutations);
    // Each action once; a mutation with two actions (a webhook paused, then resumed) is walked once per action.
    expect(new Set(walked.map((w) => w.action)).size).toBe(walked.length);
  });

  it('finds exactly one entry per action, with the administrator, their IP and browser, and the target', async () => {
    await until(async () => ((await mine()).total >= walked.length ? true : null), 30_000, 'every action in the journal');
    const { items } = await mine();
    expect(items.map((e) => `${e.action} ${e.targetId}`).sort()).toEqual(walked.map((w) => `${w.action} ${w.targetId}`).sort());
    for (const e of items) {
      expect({ ...e, id: undefined, service: undefined, action: undefined, targetType: undefined, targetId: undefined, targetLabel: undefined, details: undefined }).toEqual({
        origin: 'BACK_OFFICE',
        actorId: admin.id,
        actorName: 'Mariam Admin',
        actorEmail: admin.email,
        ip: ADMIN_IP,
        userAgent: ADMIN_UA,
      });
    }
    const ban = items.find((e) => e.action === 'user.banned')!;
    expect(ban).toMatchObject({ service: 'identity', targetType: 'user', targetLabel: `Jean Éboué <${customer.email}>` });
    expect(JSON.parse(ban.details)).toEqual({ reason: 'Fraude à la carte' });
    const renamed = items.find((e) => e.action === 'pdf.updated')!;
    expect(JSON.parse(renamed.details)).toEqual({ title: { before: 'Guide du moringa', after: 'Guide du moringa, 2e édition' } });
    expect(items.find((e) => e.action === 'order.refunded')).toMatchObject({ service: 'commerce', targetLabel: expect.stringContaining(customer.email) });
  });

  it('records the administrator’s creation by the command line, by nobody, from no IP', async () => {
    const { items } = await journal({ actor: 'COMMAND_LINE' });
    expect(items).toEqual([expect.objectContaining({ origin: 'COMMAND_LINE', actorId: null, ip: null, action: 'admin.created', targetId: admin.id, targetLabel: `Mariam Admin <${admin.email}>` })]);
  });

  it('adds nothing when an action’s event is delivered again', async () => {
    const [{ envelope }] = await sql<{ envelope: Envelope }>(`SELECT envelope FROM identity.outbox WHERE subject = 'identity.admin.action_recorded' AND envelope->'data'->>'action' = 'user.banned'`);
    // The same event under another message id: JetStream stores it again, as after a relay's crash
    // between publishing and marking the row sent.
    const again = await nc.jetstream().publish(natsSubject(stack.env.stream.prefix, envelope!.subject), Buffer.from(JSON.stringify(envelope)), { msgID: randomUUID() });
    const jsm = await nc.jetstreamManager();
    await until(
      async () => ((await jsm.consumers.info(stack.env.stream.stream, 'analytics-journal-identity')).ack_floor.stream_seq >= again.seq ? true : null),
      10_000,
      'analytics to have read it again',
    );
    expect(await sql(`SELECT id FROM analytics.admin_journal WHERE id = $1`, [envelope!.id])).toHaveLength(1);
    expect((await mine()).total).toBe(walked.length);
  });

  it('exports the journal as admin-journal.csv to an administrator, and refuses the journal and its CSV to a customer', async () => {
    const csv = await admin.browser.gql('query($filter: AdminJournalFilter) { exportAdminJournalCsv(filter: $filter) }', { filter: { actor: admin.id } });
    const { header, records } = readSpreadsheetCsv(csv.data!.exportAdminJournalCsv);
    expect(header[0]).toBe('Date');
    expect(records).toHaveLength(walked.length);
    expect(records.find((r) => r.Action === 'Utilisateur banni')).toMatchObject({ Administrateur: `Mariam Admin <${admin.email}>`, 'Adresse IP': ADMIN_IP });

    for (const query of [JOURNAL, '{ exportAdminJournalCsv }', '{ adminJournalFilters { actors { value } } }']) {
      const res = await customer.browser.gql(query, {});
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(Object.values(res.data ?? {}).filter((v) => v !== null)).toEqual([]);
    }
  });
});
