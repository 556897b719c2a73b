import { events, makeEnvelope, publishEnvelope } from '@lbf/proto-events';
import { until, type Browser } from '@lbf/service-kit/testing';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { browserOn, signUpThroughGateway } from './accounts';
import type { FiveServices } from './five-services';

/**
 * What a customer does across the five services, through the gateway, for the tests that need a
 * person who used every feature (account deletion, data export): items on sale, a purchase by Mobile
 * Money, the newsletter, the contact form, an administrator's message.
 */

export type Person = Awaited<ReturnType<typeof signUpThroughGateway>> & { firstName: string; lastName: string };

export async function signUpPerson(stack: FiveServices, firstName: string, lastName: string): Promise<Person> {
  return { ...(await signUpThroughGateway(stack, { firstName, lastName })), firstName, lastName };
}

const SUBSCRIBE = `mutation S($email: String!) { subscribeNewsletter(email: $email, source: FOOTER) { ok error { message } } }`;

async function publishItem(stack: FiveServices, nc: NatsConnection, itemId: string, itemType: 'video' | 'pdf', title: string): Promise<void> {
  const data = { itemId, itemType, title, priceCents: 359, currency: 'USD' as const, occurredAt: new Date().toISOString() };
  await publishEnvelope(nc.jetstream(), stack.env.stream.prefix, makeEnvelope({ subject: 'catalogue.item.published', version: events['catalogue.item.published'].version, producer: 'test', data }));
  await until(async () => (await stack.env.sql.query('SELECT 1 FROM commerce.price_list WHERE item_id = $1', [itemId])).rowCount, 5000, 'the price list');
}

/** A guide on sale: its file in the catalogue's store, its row, its price (what an administrator's upload leaves). */
export async function guideOnSale(stack: FiveServices, nc: NatsConnection, title = 'Les plantes du sommeil'): Promise<string> {
  const id = randomUUID();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 400]).drawText(title, { x: 20, y: 360, size: 12, font });
  const bytes = Buffer.from(await doc.save());
  await stack.catalogue().store.put('pdfs', `guide-${id}.pdf`, bytes, { contentType: 'application/pdf' });
  const key = title.toLowerCase();
  await stack.env.sql.query(
    `INSERT INTO catalogue.pdfs (id, title, category, price_cents, file_key, file_size, page_count, search_text, title_key, published_at)
     VALUES ($1, $4, 'sleep', 359, $2, $3, 1, $5, $5, now())`,
    [id, `guide-${id}.pdf`, bytes.length, title, key],
  );
  await publishItem(stack, nc, id, 'pdf', title);
  return id;
}

export async function lessonOnSale(stack: FiveServices, nc: NatsConnection, title = 'Respirer'): Promise<string> {
  const id = randomUUID();
  const key = title.toLowerCase();
  await stack.env.sql.query(
    `INSERT INTO catalogue.videos (id, title, category, price_cents, duration_seconds, video_key, video_content_type, video_size, search_text, title_key,
       published_at, processing_state, processing_progress)
     VALUES ($1, $3, 'health', 359, 120, $2, 'video/mp4', 1000, $4, $4, now(), 'ready', 100)`,
    [id, `lesson-${id}.mp4`, title, key],
  );
  await publishItem(stack, nc, id, 'video', title);
  return id;
}

/** « Payer » by MTN Mobile Money from their phone; the provider (a fake) says paid; « Vérifier ». The order's id. */
export async function payByMobileMoney(stack: FiveServices, p: Person, itemId: string, itemType: 'PDF' | 'VIDEO'): Promise<string> {
  const start = await p.browser.gql(`mutation S($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id attempt { reference } } error { message } } }`, {
    input: { itemId, itemType, method: 'MTN', phone: p.phone, consentImmediateAccess: true, consentHealthData: true },
  });
  const order = start.data!.startCheckout.order;
  stack.fakes.mtn.settleAt(order.attempt.reference, 'completed', null, `MTN-${randomUUID().slice(0, 6)}`);
  const checked = await p.browser.gql(`mutation C($id: ID!) { checkPayment(orderId: $id) { order { status } } }`, { id: order.id });
  expect(checked.data!.checkPayment.order.status).toBe('COMPLETED');
  return order.id as string;
}

export async function subscribeToNewsletter(stack: FiveServices, p: Person): Promise<void> {
  expect((await browserOn(stack).gql(SUBSCRIBE, { email: p.email })).data!.subscribeNewsletter.ok).toBe(true);
  const mail = await until(() => stack.mail.mails(p.email).find((m) => /newsletter\/confirmation\//.test(m.text ?? '')), 10_000, 'the confirmation mail');
  const token = /newsletter\/confirmation\/([A-Za-z0-9_-]+)/.exec(mail.text!)![1];
  const confirmed = await browserOn(stack).gql(`mutation C($token: String!) { confirmNewsletter(token: $token) { confirmed } }`, { token });
  expect(confirmed.data!.confirmNewsletter.confirmed).toBe(true);
}

export async function sendContactMessage(stack: FiveServices, p: Person): Promise<void> {
  const visitor = browserOn(stack);
  const { token, minSeconds } = (await visitor.gql('mutation { openContactForm { token minSeconds } }')).data!.openContactForm;
  await new Promise((r) => setTimeout(r, minSeconds * 1000 + 100));
  const sent = await visitor.gql('mutation Send($input: ContactInput!) { sendContactMessage(input: $input) { error { message } } }', {
    input: { name: `${p.firstName} ${p.lastName}`, email: p.email, subject: 'SUPPORT', message: `Bonjour, ici ${p.firstName}, joignable au ${p.phone}.`, acceptTerms: true, ticket: token },
  });
  expect(sent.data!.sendContactMessage.error).toBeNull();
}

export async function receiveInternalMessage(stack: FiveServices, admin: Browser, p: Person): Promise<void> {
  await until(async () => (await stack.env.sql.query('SELECT 1 FROM messaging.users WHERE user_id = $1', [p.id])).rowCount, 10_000, 'messaging knows them');
  const sent = await admin.gql('mutation Send($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { error { message } } }', {
    input: { toAll: false, recipientId: p.id, subject: `Bonjour ${p.firstName}`, content: `Votre accès est prêt, ${p.firstName} ${p.lastName}.` },
  });
  expect(sent.data!.adminSendMessage.error).toBeNull();
}
