import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, graphqlOperation, graphqlVariables, newCustomerVisitor, newVisitor, stack } from './harness';

/** What a video card shows, read from the page. */
interface CardView {
  title: string;
  category: string;
  priceCents: number;
  durationSeconds: number | null;
}

const browser = browserForFile();
let customer: { context: BrowserContext; page: Page };

beforeAll(async () => {
  customer = await newCustomerVisitor(browser);
});

function toSeconds(text: string): number | null {
  const m = /^(\d+):(\d{2})$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

async function readCards(page: Page): Promise<CardView[]> {
  const raw = await page.$$eval('[data-testid="video-card"]', (cards) =>
    cards.map((card) => ({
      title: card.querySelector('[data-testid="video-title"]')?.textContent ?? '',
      category: card.querySelector('[data-testid="video-category"]')?.textContent ?? '',
      price: card.querySelector('[data-testid="video-price"]')?.textContent ?? '',
      duration: card.querySelector('[data-testid="video-duration"]')?.textContent ?? '',
    })),
  );
  // Titles are typeset with no-break spaces before ':' (French typography); compare plain text.
  return raw.map((c) => ({
    title: c.title.replace(/\u00a0/g, ' ').trim(),
    category: c.category.trim(),
    priceCents: Math.round(Number(c.price.replace(/[^\d.]/g, '')) * 100),
    durationSeconds: toSeconds(c.duration),
  }));
}

async function total(page: Page): Promise<number> {
  const text = await page.getByTestId('videos-total').innerText();
  return Number(text.replace(/\D/g, ''));
}

/**
 * Reads the cards until they satisfy `ok` (the list refreshes after each change), with a deadline.
 * `ok` also gets the total the page announces ("8 vidéos"): the admin browser tests may add a
 * video to the same stack meanwhile, so "everything" is what the page says, not a number kept.
 */
async function cardsWhen(
  page: Page,
  ok: (cards: CardView[], total: number) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<CardView[]> {
  const deadline = Date.now() + timeoutMs;
  let last: CardView[] = [];
  while (Date.now() < deadline) {
    const busy = await page.locator('[data-testid="video-list"][aria-busy="true"]').count();
    last = await readCards(page);
    if (!busy && last.length > 0 && ok(last, await total(page))) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(`video list never showed ${what}; last seen: ${JSON.stringify(last.map((c) => c.title))}`);
}

/** The unfiltered first page: every category mixed, as many cards as the total allows on a page. */
function isWholeFirstPage(cards: CardView[], count: number): boolean {
  return cards.length === Math.min(12, count) && new Set(cards.map((c) => c.category)).size > 1;
}

async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /Filtres/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** The GraphQL request of the catalogue page whose variables contain `fragment`. */
function videosRequest(page: Page, fragment: string) {
  return page.waitForRequest((req) => graphqlOperation(req) === 'VideosPage' && graphqlVariables(req).includes(fragment));
}

function sortedBy<T>(items: T[], compare: (a: T, b: T) => number): boolean {
  return items.every((item, i) => i === 0 || compare(items[i - 1]!, item) <= 0);
}

const byTitle = (a: CardView, b: CardView) => a.title.localeCompare(b.title, 'fr', { sensitivity: 'base' });

describe('the video catalogue (/videos)', () => {
  it('shows the seeded videos with price in dollars, lifetime access and a category', async () => {
    const { page } = customer;
    await page.goto('/videos');
    const cards = await cardsWhen(page, isWholeFirstPage, 'the catalogue');
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) {
      expect(card.priceCents).toBeGreaterThan(0);
      expect(card.category).not.toBe('');
    }
    expect(await page.getByTestId('video-list').getByText('Accès à vie', { exact: true }).count()).toBe(cards.length);
    await page.getByText('vidéo(s) disponible(s)').first().waitFor();
  });

  it('narrows the list to the chosen category, shows it as a removable badge, and the badge restores the list', async () => {
    const { page } = customer;
    await page.goto('/videos');
    await cardsWhen(page, isWholeFirstPage, 'the whole catalogue');
    const before = await total(page);
    await openFilters(page);
    await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Nutrition' });
    await page.waitForURL(/category=nutrition/);
    const nutrition = await cardsWhen(page, (cards) => cards.every((c) => c.category === 'Nutrition'), 'only Nutrition videos');
    expect(nutrition.length).toBeGreaterThan(0);
    expect(nutrition.length).toBeLessThan(before);
    expect(await total(page)).toBe(nutrition.length);

    await page.getByRole('button', { name: 'Retirer le filtre Nutrition' }).click();
    await cardsWhen(page, isWholeFirstPage, 'the whole catalogue again');
    expect(new URL(page.url()).searchParams.get('category')).toBeNull();
  });

  it('applies a category from its tile, with the count of its videos', async () => {
    const { page } = customer;
    await page.goto('/videos');
    const tile = page.getByTestId('category-tile-sleep');
    await tile.waitFor();
    const count = Number((await tile.innerText()).match(/(\d+) vidéo\(s\) disponible\(s\)/)?.[1]);
    await tile.click();
    await page.waitForURL(/category=sleep/);
    const sleep = await cardsWhen(page, (cards) => cards.every((c) => c.category === 'Sommeil'), 'only Sommeil videos');
    expect(sleep.length).toBe(count);
  });

  it('reorders the list by duration, title and price on the server', async () => {
    const { page } = customer;
    await page.goto('/videos');
    await cardsWhen(page, isWholeFirstPage, 'the whole catalogue');
    await openFilters(page);
    const sort = page.getByLabel('Trier par', { exact: true });

    await sort.selectOption({ label: 'Durée la plus courte' });
    const shortest = await cardsWhen(
      page,
      (cards) => sortedBy(cards, (a, b) => (a.durationSeconds ?? Infinity) - (b.durationSeconds ?? Infinity)),
      'durations ascending',
    );
    expect(shortest.length).toBe(Math.min(12, await total(page)));

    await sort.selectOption({ label: 'Durée la plus longue' });
    await cardsWhen(page, (cards) => sortedBy(cards, (a, b) => (b.durationSeconds ?? -1) - (a.durationSeconds ?? -1)), 'durations descending');

    await sort.selectOption({ label: 'Titre de A à Z' });
    const az = await cardsWhen(page, (cards) => sortedBy(cards, byTitle), 'titles A to Z');
    await sort.selectOption({ label: 'Titre de Z à A' });
    const za = await cardsWhen(page, (cards) => sortedBy(cards, (a, b) => byTitle(b, a)), 'titles Z to A');
    expect(za.map((c) => c.title)).toEqual([...az.map((c) => c.title)].reverse());

    const priceRequest = videosRequest(page, '"sort":"PRICE_HIGH"');
    await sort.selectOption({ label: 'Prix décroissant' });
    await priceRequest;
    await page.waitForURL(/sort=price-high/);
    await cardsWhen(page, (cards) => sortedBy(cards, (a, b) => b.priceCents - a.priceCents), 'prices descending');
    const lowRequest = videosRequest(page, '"sort":"PRICE_LOW"');
    await sort.selectOption({ label: 'Prix croissant' });
    await lowRequest;
    await cardsWhen(page, (cards) => sortedBy(cards, (a, b) => a.priceCents - b.priceCents), 'prices ascending');
  });

  it('finds a video by a word of its description, ignoring case and accents, and reset restores everything', async () => {
    const { page } = customer;
    await page.goto('/videos?sort=a-z&category=nutrition');
    await cardsWhen(page, (cards) => cards.every((c) => c.category === 'Nutrition'), 'the nutrition videos');
    // "niébé" appears only in the description of the local-produce nutrition video.
    await page.getByRole('searchbox', { name: 'Rechercher une vidéo' }).fill('NIEBE');
    await page.waitForURL(/q=NIEBE/);
    const found = await cardsWhen(page, (cards) => cards.length === 1, 'a single video');
    expect(found[0]!.title).toBe('Nutrition : bien manger avec les produits locaux');
    await page.getByText('Recherche : « NIEBE »').waitFor();

    await openFilters(page);
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await cardsWhen(page, isWholeFirstPage, 'the whole catalogue after reset');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('searchbox', { name: 'Rechercher une vidéo' }).inputValue()).toBe('');
    expect(await page.getByTestId('active-filters').count()).toBe(0);
  });

  it('says “Aucune vidéo trouvée” when nothing matches, and its reset brings the list back', async () => {
    const { page } = customer;
    await page.goto('/videos');
    await cardsWhen(page, isWholeFirstPage, 'the whole catalogue');
    await page.getByRole('searchbox', { name: 'Rechercher une vidéo' }).fill('xylophone quantique');
    await page.getByText('Aucune vidéo trouvée').waitFor();
    await page.getByRole('status').filter({ hasText: 'Aucune vidéo trouvée' }).getByRole('button', { name: 'Réinitialiser' }).click();
    await cardsWhen(page, isWholeFirstPage, 'the whole catalogue after reset');
  });

  it('pages by 12, with the page in the URL, or shows a single page when everything fits', async () => {
    const { page } = customer;
    await page.goto('/videos');
    await cardsWhen(page, (cards) => cards.length > 0, 'the catalogue');
    const count = await total(page);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    if (count > 12) {
      const first = await readCards(page);
      expect(first).toHaveLength(12);
      await pagination.getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      const second = await cardsWhen(page, (cards) => cards[0]?.title !== first[0]?.title, 'the second page');
      expect(second.length).toBe(Math.min(12, count - 12));
      await pagination.getByText(`Page 2 sur ${Math.ceil(count / 12)}`).waitFor();
    } else {
      expect((await readCards(page)).length).toBe(count);
      expect(await pagination.count()).toBe(0);
    }
  });

  it('opens a video from its card: detail, the free preview in the player, similar videos of its category', async () => {
    const { page } = customer;
    await page.goto('/videos?category=nutrition');
    const cards = await cardsWhen(page, (list) => list.length > 1 && list.every((c) => c.category === 'Nutrition'), 'the nutrition videos');
    const [first, other] = [cards[0]!, cards[1]!];
    await page.getByRole('link', { name: first.title }).click();
    await page.waitForURL(/\/videos\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByText('Aperçu gratuit disponible').waitFor();
    await page.getByRole('button', { name: "Lire l'aperçu" }).click();
    // A customer who did not buy it gets the free preview (the player itself: web/e2e/player.e2e.ts).
    await page.locator('[data-testid="video-player"][data-mode="PREVIEW"]').waitFor();

    const similar = page.getByTestId('similar-videos').getByRole('link', { name: other.title });
    expect(await similar.getAttribute('href')).toMatch(/^\/video\/[0-9a-f-]{36}$/);
    expect(await similar.innerText()).toContain('$3.59');
    expect(await page.getByTestId('similar-videos').getByRole('link').count()).toBeLessThanOrEqual(3);

    // Content protection while the page is shown: a right-click and Ctrl+S are cancelled…
    const blocked = await page.evaluate(() => ({
      contextmenu: !document.body.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })),
      save: !document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true })),
    }));
    expect(blocked).toEqual({ contextmenu: true, save: true });
    // …and no longer once the visitor has left it.
    await similar.click();
    await page.waitForURL(/\/video\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: other.title }).waitFor();
    await page.getByRole('link', { name: "Retour à l'accueil", exact: true }).click();
    await page.waitForURL(stack.url + '/');
    await page.getByTestId('counter-visits-today').waitFor();
    const afterLeaving = await page.evaluate(
      () => !document.body.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })),
    );
    expect(afterLeaving).toBe(false);
  });

  it('says “Vidéo introuvable” for an unknown id, with a way back to the catalogue', async () => {
    const { page } = customer;
    await page.goto('/video/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Vidéo introuvable' }).waitFor();
    await page.getByRole('link', { name: 'Voir toutes les vidéos' }).click();
    await page.waitForURL('**/videos');
  });
});

describe('the news (/actualites) and an article', () => {
  it('finds an article by a word of its title, ignoring accents, and says “Aucun article trouvé” otherwise', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/actualites');
    await page.getByTestId('article-card').first().waitFor();
    // The list arrives rendered by the server; a tap on the search box makes the page live
    // (lib/hydrate-when-needed): type once it is, as a person does after tapping.
    await page.getByRole('searchbox', { name: 'Rechercher un article' }).click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByRole('searchbox', { name: 'Rechercher un article' }).fill('kinkéliba');
    await page.waitForURL(/q=kink/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="article-card"]').length === 1);
    await page.getByRole('heading', { name: /kinkeliba/i }).waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher un article' }).fill('xylophone');
    await page.getByText('Aucun article trouvé').waitFor();
    await context.close();
  });

  it('filters by category with the Cardio … Bien-être buttons', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/actualites');
    await page.getByTestId('article-card').first().waitFor();
    const all = await page.getByTestId('article-card').count();
    await page.getByRole('button', { name: 'Sommeil', exact: true }).click();
    await page.waitForURL(/category=sleep/);
    await page.waitForFunction(
      (n) => {
        const cards = Array.from(document.querySelectorAll('[data-testid="article-card"]'));
        return cards.length > 0 && cards.length < n && cards.every((c) => c.textContent?.includes('Sommeil'));
      },
      all,
    );
    const sleepCount = await page.getByTestId('article-card').count();
    await page.getByRole('button', { name: 'Tout', exact: true }).click();
    // Every category again; not compared with `all`, since the admin browser tests may publish or delete an article meanwhile.
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await page.waitForFunction((m) => {
      const cards = Array.from(document.querySelectorAll('[data-testid="article-card"]'));
      return cards.length > m && cards.some((c) => !c.textContent?.includes('Sommeil'));
    }, sleepCount);
    await context.close();
  });

  it('shows an article: category, title, body, author, read time, and a like kept in this browser', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/actualites');
    // A demo article, not simply the newest: the admin browser tests may publish one meanwhile.
    const card = page.getByTestId('article-card').filter({ hasText: 'Le fonio, céréale ancestrale' });
    await card.waitFor();
    const title = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('link', { name: /Lire la suite/ }).click();
    await page.waitForURL(/\/actualites\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('article-read-time').innerText()).toMatch(/^\d+ min de lecture$/);
    const body = page.getByTestId('article-body');
    expect((await body.innerText()).length).toBeGreaterThan(200);
    expect(await body.locator('h2, p').count()).toBeGreaterThan(1);
    await page.getByTestId('author-box').waitFor();

    await page.getByRole('button', { name: 'Aimer' }).click();
    await page.getByRole('button', { name: 'Aimé' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Aimé' }).waitFor();
    await page.getByRole('button', { name: 'Aimé' }).click();
    await page.getByRole('button', { name: 'Aimer' }).waitFor();
    await context.close();
  });

  it('says “Article non trouvé” for an unknown id, with a link back to /actualites', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/actualite/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Article non trouvé' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Retour aux actualités' }).last().click();
    await page.waitForURL('**/actualites');
    await context.close();
  });
});

describe('the home', () => {
  it('shows the latest video as “Vidéo Premium” with its m:ss duration, price and lifetime access', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    const card = page.getByTestId('premium-video');
    await card.getByText('Vidéo Premium').waitFor();
    // m:ss; 'N/A' only while a video just uploaded by the admin tests is still being probed.
    expect(await card.innerText()).toMatch(/\b\d+:\d{2}\b|\bN\/A\b/);
    expect(await card.getByTestId('premium-price').innerText()).toMatch(/^\$\d+\.\d{2}$/);
    await card.getByText('Accès à vie', { exact: true }).waitFor();
    expect(await page.getByTestId('testimonial-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('testimonial-card').count()).toBeLessThanOrEqual(5);
    await context.close();
  });

  it('sends a signed-out visitor choosing a payment method to /auth with “Connexion requise”', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Orange Money' }).click();
    await page.getByText('Connexion requise').waitFor();
    // …carrying the home as the page to come back to once signed in, with the method chosen, whose
    // dialog the home opens then (?payer=, as a tap before the page ran).
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/?payer=ORANGE');
    await context.close();
  });

  it('opens the payment dialog for the latest video when a signed-in customer chooses a payment method', async () => {
    const { page } = customer;
    await page.goto('/');
    const title = (await page.getByTestId('premium-video').getByRole('heading').innerText()).replace(/\u00a0/g, ' ');
    await page.getByRole('button', { name: 'NotchPay' }).click();
    const dialog = page.getByTestId('checkout-dialog');
    await dialog.getByRole('heading', { name: 'NotchPay' }).waitFor();
    expect((await dialog.getByTestId('checkout-item').innerText()).replace(/\u00a0/g, ' ')).toContain(title);
    await page.keyboard.press('Escape');
  });
});
