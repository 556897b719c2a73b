import { until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { setupCatalogue } from './harness';

/*
 * Issue 26 point 4, verified reviews: only buyers rate (1–5) and review what they own, once and
 * editable; the items show their visible reviews' average and count; administrators hide one with
 * a reason (journal), customers cannot; a refund takes the buyer's review away.
 */

const t = withHarness(() => setupCatalogue());

type Reviewer = { userId: string; token: string };
type ReviewView = { id: string; rating: number; text: string; reviewerName: string; edited: boolean; hidden: boolean; hiddenReason: string | null };
type Payload = { review: ReviewView | null; error: { code: string; message: string; field: string | null } | null };

const REVIEW_FIELDS = 'id rating text reviewerName edited hidden hiddenReason';
const REVIEW_ITEM = `mutation($input: ReviewItemInput!) { reviewItem(input: $input) { review { ${REVIEW_FIELDS} } error { code message field } } }`;
const PDF = `query($id: ID!) { pdf(id: $id) { rating ratingAverage ratingCount reviews(first: 10) { items { ${REVIEW_FIELDS} } hasNextPage } } }`;

/** A buyer as commerce's purchase leaves them: a live entitlement naming them. */
async function buyer(itemId: string, name: string, itemType: 'video' | 'pdf' = 'pdf'): Promise<Reviewer & { orderId: string }> {
  const user = t.newUser();
  const orderId = randomUUID();
  await t.sql.query(
    `INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at, buyer_name) VALUES ($1, $2, $3, $4, now(), $5)`,
    [orderId, user.userId, itemId, itemType, name],
  );
  return { ...user, orderId };
}

async function review(who: Reviewer, input: Record<string, unknown>): Promise<Payload> {
  const res = await t.as<{ reviewItem: Payload }>(who.token, REVIEW_ITEM, { input });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.reviewItem;
}

async function pdfFigures(id: string) {
  const res = await t.query<{ pdf: { rating: number | null; ratingAverage: number | null; ratingCount: number; reviews: { items: ReviewView[]; hasNextPage: boolean } } }>(PDF, { id });
  return res.data!.pdf;
}

const rowsOf = async (itemId: string) => (await t.sql.query('SELECT user_id, rating FROM catalogue.reviews WHERE item_id = $1', [itemId])).rows;

describe('verified reviews', () => {
  let pdfId: string;
  let awa: Awaited<ReturnType<typeof buyer>>;

  beforeAll(async () => {
    t.events.listen('catalogue.admin.action_recorded');
    t.events.listen('catalogue.review.submitted');
    pdfId = await t.insertPdf({ title: 'Guide du moringa' });
    awa = await buyer(pdfId, 'Awa Diallo');
  });

  it('shows nothing on an item nobody reviewed', async () => {
    expect(await pdfFigures(pdfId)).toEqual({ rating: null, ratingAverage: null, ratingCount: 0, reviews: { items: [], hasNextPage: false } });
  });

  it('refuses a review to someone who does not own the item, and to a visitor', async () => {
    const stranger = t.newUser();
    expect(await review(stranger, { itemId: pdfId, rating: 5, text: 'Super' })).toEqual({
      review: null,
      error: { code: 'NOT_PURCHASED', message: 'Seuls les acheteurs de ce contenu peuvent donner leur avis.', field: 'itemId' },
    });
    const visitor = await t.query(REVIEW_ITEM, { input: { itemId: pdfId, rating: 5 } });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // A refunded buyer no longer owns it.
    const refunded = await buyer(pdfId, 'Paul Mbarga');
    await t.sql.query('UPDATE catalogue.entitlements SET revoked_at = now() WHERE order_id = $1', [refunded.orderId]);
    expect((await review(refunded, { itemId: pdfId, rating: 1 })).error?.code).toBe('NOT_PURCHASED');
    expect(await rowsOf(pdfId)).toEqual([]);
  });

  it('checks the rating and the length of the words, in French', async () => {
    expect((await review(awa, { itemId: pdfId, rating: 0 })).error).toEqual({ code: 'VALIDATION', message: 'Choisissez une note de 1 à 5 étoiles.', field: 'rating' });
    expect((await review(awa, { itemId: pdfId, rating: 4, text: 'x'.repeat(2001) })).error).toMatchObject({ message: 'Votre avis ne peut pas dépasser 2000 caractères.', field: 'text' });
  });

  it('lets the buyer review once, under their first name and initial, and edit it', async () => {
    const first = await review(awa, { itemId: pdfId, rating: 4, text: '  Très clair, bien illustré.  ' });
    expect(first).toEqual({ review: { id: expect.any(String), rating: 4, text: 'Très clair, bien illustré.', reviewerName: 'Awa D.', edited: false, hidden: false, hiddenReason: null }, error: null });
    const edited = await review(awa, { itemId: pdfId, rating: 5, text: 'Encore mieux à la relecture.' });
    expect(edited.review).toMatchObject({ id: first.review!.id, rating: 5, text: 'Encore mieux à la relecture.', edited: true });
    expect(await rowsOf(pdfId)).toEqual([{ user_id: awa.userId, rating: 5 }]);
    // Messaging hears of it (to stop reminding), by ids only.
    await until(() => t.events.find('catalogue.review.submitted', (d) => d.reviewId === first.review!.id && d.rating === 5), 5000, 'catalogue.review.submitted');
    expect(t.events.find('catalogue.review.submitted', (d) => d.reviewId === first.review!.id)?.data).toEqual({
      reviewId: first.review!.id,
      userId: awa.userId,
      itemId: pdfId,
      itemType: 'pdf',
      rating: 4,
      occurredAt: expect.any(String),
    });
    const mine = await t.as<{ myReview: ReviewView | null }>(awa.token, `query($id: ID!) { myReview(itemId: $id) { id rating } }`, { id: pdfId });
    expect(mine.data?.myReview).toEqual({ id: first.review!.id, rating: 5 });
  });

  it('keeps one review per person and item when calls cross (the database’s unique key)', async () => {
    const videoId = await t.insertVideo({ title: 'Respirer' });
    const paul = await buyer(videoId, 'Paul Mbarga', 'video');
    const answers = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3].map((rating) => review(paul, { itemId: videoId, rating })));
    expect(answers.every((a) => a.error === null)).toBe(true);
    expect(new Set(answers.map((a) => a.review!.id)).size).toBe(1);
    expect(await rowsOf(videoId)).toHaveLength(1);
  });

  it('gives the items their visible reviews’ average and count, with the reviews newest first', async () => {
    const ines = await buyer(pdfId, 'Inès Ngo Biyong');
    await review(ines, { itemId: pdfId, rating: 2, text: 'Trop court.' });
    const figures = await pdfFigures(pdfId);
    expect(figures).toMatchObject({ rating: 3.5, ratingAverage: 3.5, ratingCount: 2 });
    expect(figures.reviews.items.map((r) => [r.reviewerName, r.rating])).toEqual([
      ['Inès N.', 2],
      ['Awa D.', 5],
    ]);
    // Cursor pagination: one at a time.
    const page1 = await t.query<{ pdf: { reviews: { items: Array<{ id: string }>; endCursor: string; hasNextPage: boolean } } }>(
      `query($id: ID!) { pdf(id: $id) { reviews(first: 1) { items { id } endCursor hasNextPage } } }`,
      { id: pdfId },
    );
    expect(page1.data!.pdf.reviews.hasNextPage).toBe(true);
    const page2 = await t.query<{ pdf: { reviews: { items: Array<{ id: string }>; hasNextPage: boolean } } }>(
      `query($id: ID!, $after: String) { pdf(id: $id) { reviews(first: 1, after: $after) { items { id } hasNextPage } } }`,
      { id: pdfId, after: page1.data!.pdf.reviews.endCursor },
    );
    expect(page2.data!.pdf.reviews.hasNextPage).toBe(false);
    expect(page2.data!.pdf.reviews.items[0]!.id).not.toBe(page1.data!.pdf.reviews.items[0]!.id);
  });

  it('lets an administrator hide a review with a reason (journal), and refuses it to customers', async () => {
    const target = (await pdfFigures(pdfId)).reviews.items.find((r) => r.reviewerName === 'Inès N.')!;
    const HIDE = `mutation($id: ID!, $reason: String!) { hideReview(id: $id, reason: $reason) { review { ${REVIEW_FIELDS} } error { code message field } } }`;
    const refused = await t.asCustomer(HIDE, { id: target.id, reason: 'Non' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const noReason = await t.asAdmin<{ hideReview: Payload }>(HIDE, { id: target.id, reason: ' ' });
    expect(noReason.data?.hideReview.error).toMatchObject({ code: 'VALIDATION', field: 'reason' });

    const hidden = await t.asAdmin<{ hideReview: Payload }>(HIDE, { id: target.id, reason: 'Propos hors sujet' });
    expect(hidden.data?.hideReview.review).toMatchObject({ hidden: true, hiddenReason: 'Propos hors sujet' });
    await until(() => t.events.find('catalogue.admin.action_recorded', (d) => d.action === 'review.hidden' && (d.target as { id: string }).id === target.id), 5000, 'the journal entry');
    expect(t.events.find('catalogue.admin.action_recorded', (d) => d.action === 'review.hidden')?.data.details).toMatchObject({ reason: 'Propos hors sujet' });
    // Hidden: out of the list and the figures; the back office lists it with its reason.
    expect(await pdfFigures(pdfId)).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    const admin = await t.asAdmin<{ adminReviews: { total: number; items: Array<{ id: string; hiddenReason: string; itemTitle: string }> } }>(
      `{ adminReviews(filter: { hidden: true }) { total items { id hiddenReason itemTitle } } }`,
    );
    expect(admin.data?.adminReviews).toEqual({ total: 1, items: [{ id: target.id, hiddenReason: 'Propos hors sujet', itemTitle: 'Guide du moringa' }] });
    expect((await t.asCustomer(`{ adminReviews { total } }`)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const shown = await t.asAdmin<{ unhideReview: Payload }>(`mutation($id: ID!) { unhideReview(id: $id) { review { hidden } error { message } } }`, { id: target.id });
    expect(shown.data?.unhideReview).toEqual({ review: { hidden: false }, error: null });
    await until(() => t.events.find('catalogue.admin.action_recorded', (d) => d.action === 'review.unhidden'), 5000, 'the journal entry');
    expect(await pdfFigures(pdfId)).toMatchObject({ ratingAverage: 3.5, ratingCount: 2 });
  });

  it('deletes an item’s reviews with the item', async () => {
    const gone = await t.insertPdf({ title: 'Guide retiré' });
    const reader = await buyer(gone, 'Marc Atangana');
    expect((await review(reader, { itemId: gone, rating: 3 })).error).toBeNull();
    const res = await t.asAdmin<{ deletePdf: { ok: boolean } }>(`mutation($id: ID!) { deletePdf(id: $id) { ok } }`, { id: gone });
    expect(res.data?.deletePdf.ok).toBe(true);
    expect(await rowsOf(gone)).toEqual([]);
  });

  it('takes the buyer’s review away when commerce refunds the order', async () => {
    await t.harness.publish(
      'commerce.purchase.refunded',
      {
        orderId: awa.orderId,
        buyerId: awa.userId,
        itemId: pdfId,
        itemType: 'pdf',
        amountXaf: 590,
        reason: 'Remboursement demandé par le client',
        adminId: t.adminId,
        refundedAt: new Date().toISOString(),
      },
      'commerce',
    );
    await until(async () => (await pdfFigures(pdfId)).ratingCount === 1, 10_000, 'the refunded review to go');
    expect(await pdfFigures(pdfId)).toMatchObject({ rating: 2, ratingAverage: 2, ratingCount: 1 });
    expect((await t.sql.query('SELECT 1 FROM catalogue.reviews WHERE user_id = $1', [awa.userId])).rowCount).toBe(0);
  });
});
