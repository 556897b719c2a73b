import type { Browser, BrowserContext, Page } from 'playwright-core';
import { graphql, newVisitor, signUpCustomer, stack, uniqueEmail } from '../harness';

/** A demo video as the player tests need it. */
export interface DemoVideo {
  id: string;
  title: string;
  previewSeconds: number;
  /** The ladder's rungs, lowest first (then the audio rendition, height null). */
  renditions: Array<{ name: string; height: number | null }>;
}

/**
 * A demo video once the pipeline made its streaming ladder (more than one rendition) and, unless
 * `preview: false`, its free preview (npm start's demo goes through the same pipeline). Asks the
 * gateway every 2 s, 4 minutes at most; a stack just started may drop a first connection, so a
 * failed request is asked again.
 */
export async function readyDemoVideo(opts: { preview?: boolean } = {}): Promise<DemoVideo> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const data = await graphql<{ videos: { items: Array<DemoVideo & { hasPreview: boolean }> } }>(
      '{ videos(pageSize: 100) { items { id title previewSeconds hasPreview renditions { name height } } } }',
    ).catch(() => null);
    const ready = data?.videos.items.find((v) => (v.hasPreview || opts.preview === false) && v.renditions.length > 1);
    if (ready) return { id: ready.id, title: ready.title, previewSeconds: ready.previewSeconds, renditions: ready.renditions };
    if (Date.now() > deadline) throw new Error('no demo video got its streaming ladder within 4 minutes');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** One statement on the stack's database (the tests' own look at what a service kept). */
export async function db<T>(sql: string, params: unknown[]): Promise<T[]> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${stack.database}` });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * The entitlement commerce.purchase.completed writes (the checkout e2e buys through the payment
 * sandbox; here the test writes the catalogue's read model directly, as its integration tests do).
 */
export async function grantVideo(email: string, videoId: string): Promise<void> {
  const [user] = await db<{ id: string }>('SELECT id FROM identity.users WHERE email = $1', [email]);
  if (!user) throw new Error(`no user ${email}`);
  await db(
    `INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at) VALUES (gen_random_uuid(), $1, $2, 'video', now())`,
    [user.id, videoId],
  );
}

/**
 * A ready demo video (readyDemoVideo) and a new customer who owns it: signed up through the form
 * (`tag` makes their e-mail), the video granted, on a browser context of their own.
 */
export async function demoVideoAndOwner(
  browser: Browser,
  who: { firstName: string; lastName: string; tag: string },
): Promise<{ video: DemoVideo; owner: { context: BrowserContext; page: Page; email: string } }> {
  const video = await readyDemoVideo();
  const owner = { ...(await newVisitor(browser)), email: uniqueEmail(who.tag) };
  await signUpCustomer(owner.page, { firstName: who.firstName, lastName: who.lastName, email: owner.email, phone: '677123456' });
  await grantVideo(owner.email, video.id);
  return { video, owner };
}
