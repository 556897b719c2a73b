import type { Locator, Page } from 'playwright-core';
import { graphql, stack } from '../harness';

/**
 * Buying through the payment providers' sandbox (sandbox/payments) that global-setup starts: its
 * MTN numbers, its phone page (where a customer approves a prompt) and a purchase made through the
 * gateway as the site's dialog makes it.
 */

/** The sandbox's MTN numbers (MTN's own sandbox convention): paid at once, failed at once. */
export const MTN_SUCCESS = '56733123453';
export const MTN_FAILED = '46733123450';

/**
 * The payments sandbox of this stack: LBF_E2E_SANDBOX_URL, else the one stack.json names, else the
 * registry's port (4106) moved by the stack's port offset (the gateway is 4000 + offset).
 */
export function paymentSandboxUrl(): string {
  const named = process.env.LBF_E2E_SANDBOX_URL ?? stack.paymentSandboxUrl;
  if (named) return named.replace(/\/$/, '');
  return `http://127.0.0.1:${4106 + Number(new URL(stack.url).port) - 4000}`;
}

/** A Cameroonian mobile number no sandbox rule forces: national digits, e.g. 677 12 34 56. */
export function freshNumber(prefix: '67' | '69'): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/**
 * The payment form's consents: to immediate access, and to the health-data processing a purchase is
 * when the customer has not given it yet (the dialog asks for it only then).
 */
export async function consentToPurchase(dialog: Locator): Promise<void> {
  await dialog.getByTestId('checkout-consent').check();
  const health = dialog.getByTestId('checkout-health-consent');
  if (await health.count()) await health.check();
}

/**
 * On the dashboard: the first card of `section` (its item's id and title, spaces folded) and the
 * checkout dialog its button for `method` opens.
 */
export async function openCheckout(
  page: Page,
  section: 'available-videos' | 'available-pdfs' = 'available-videos',
  method: 'mtn' | 'orange' = 'mtn',
): Promise<{ itemId: string; title: string; dialog: Locator }> {
  const card = page.getByTestId(section).locator('[data-item-id]').first();
  const itemId = (await card.getAttribute('data-item-id'))!;
  const title = (await card.getByTestId('item-title').innerText()).replace(/\s+/g, ' ').trim();
  await card.getByTestId(`buy-${method}`).click();
  return { itemId, title, dialog: page.getByTestId('checkout-dialog') };
}

/**
 * In the site's open checkout dialog: the phone number, the consents, 'Payer', then the dialog
 * waits for the customer's phone.
 */
export async function fillAndPay(dialog: Locator, national: string): Promise<void> {
  await dialog.getByLabel('Téléphone', { exact: true }).fill(national);
  await consentToPurchase(dialog);
  await dialog.getByTestId('checkout-submit').click();
  await dialog.getByTestId('checkout-waiting').waitFor();
}

/**
 * The customer answers the pending prompt for `msisdn` (digits with 237) on the sandbox's phone
 * page, opened in the tab `phone`; reloads until the prompt is there (30 s at most).
 */
export async function answerOnPhonePage(phone: Page, msisdn: string, answer: 'Approuver' | 'Refuser' = 'Approuver'): Promise<void> {
  const deadline = Date.now() + 30_000;
  await phone.goto(`${paymentSandboxUrl()}/phone?msisdn=${msisdn}`);
  for (;;) {
    const button = phone.getByRole('button', { name: answer }).first();
    if (await button.count()) return void (await button.click());
    if (Date.now() > deadline) throw new Error(`no prompt for ${msisdn} on the sandbox phone page`);
    await phone.waitForTimeout(500);
    await phone.reload();
  }
}

/** The oldest video this account does not own, leaving out `skip` (other browser tests buy the newest ones). */
export async function oldestUnownedVideo(token: string, skip: string[] = []): Promise<{ id: string; title: string }> {
  const { videos } = await graphql<{ videos: { items: { id: string; title: string; purchased: boolean }[] } }>(
    'query { videos(page: 1, pageSize: 50) { items { id title purchased } } }',
    {},
    token,
  );
  const video = [...videos.items].reverse().find((v) => !v.purchased && !skip.includes(v.id));
  if (!video) throw new Error('this customer already owns every video');
  return video;
}

/**
 * Starts paying for an item with MTN Mobile Money from `phone`, through the gateway, and returns
 * the order with `fields`; fails when commerce refuses to start.
 */
export async function startMtnCheckout<O>(token: string, item: { itemId: string; itemType: 'VIDEO' | 'PDF' }, phone: string, fields: string): Promise<O> {
  return startCheckoutWith<O>(token, item, 'MTN', phone, fields);
}

/** Starts paying for an item with `method` from `phone`, through the gateway; the order with `fields`. */
export async function startCheckoutWith<O>(token: string, item: { itemId: string; itemType: 'VIDEO' | 'PDF' }, method: 'ORANGE' | 'MTN', phone: string, fields: string): Promise<O> {
  const { startCheckout } = await graphql<{ startCheckout: { order: O | null; error: { message: string } | null } }>(
    `mutation($input: StartCheckoutInput!) { startCheckout(input: $input) { order { ${fields} } error { code message } } }`,
    { input: { ...item, method, phone, consentImmediateAccess: true, consentHealthData: true } },
    token,
  );
  if (!startCheckout.order) throw new Error(`startCheckout refused: ${startCheckout.error?.message}`);
  return startCheckout.order;
}

/**
 * Asks the provider about the order ('Vérifier') once a second until it leaves CREATED and
 * PENDING, 30 times at most (the sandbox answers its numbers from the first check); returns the
 * order as last read, with `fields`.
 */
export async function untilSettled<O extends { id: string; status: string }>(token: string, order: O, fields: string): Promise<O> {
  let current = order;
  for (let i = 0; i < 30 && (current.status === 'PENDING' || current.status === 'CREATED'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { checkPayment } = await graphql<{ checkPayment: { order: O | null } }>(
      `mutation($id: ID!) { checkPayment(orderId: $id) { order { ${fields} } error { code message } } }`,
      { id: current.id },
      token,
    );
    if (checkPayment.order) current = checkPayment.order;
  }
  return current;
}

/**
 * Switches a provider's operator in the sandbox (POST /control/operators): slow (its answers come
 * `delayMs` late) or failing, for these payer numbers only (international digits), so the other
 * browser tests sharing the sandbox keep a normal operator; 'normal' (no numbers) puts it back.
 */
export async function switchOperator(provider: 'orange' | 'mtn' | 'notchpay', mode: 'normal' | 'slow' | 'failing', opts: { delayMs?: number; numbers?: string[] } = {}): Promise<void> {
  const res = await fetch(`${paymentSandboxUrl()}/control/operators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, mode, ...opts }),
  });
  if (!res.ok) throw new Error(`the sandbox refused the switch: ${res.status} ${await res.text()}`);
}

/** The customer approves the pending prompt of `msisdn` (digits with 237) through the phone's API; waits 30 s at most for it. */
export async function approvePrompt(msisdn: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { prompts } = (await (await fetch(`${paymentSandboxUrl()}/phone/api/prompts?msisdn=${msisdn}`)).json()) as { prompts: Array<{ id: string }> };
    if (prompts[0]) {
      const res = await fetch(`${paymentSandboxUrl()}/phone/api/prompts/${prompts[0].id}/approve`, { method: 'POST' });
      if (!res.ok) throw new Error(`approving the prompt of ${msisdn}: ${res.status}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no prompt for ${msisdn} on the sandbox phone`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
