import type { Locator } from 'playwright-core';
import { graphql, browserForFile, newVisitor, shotPath, signUpCustomer, uniqueEmail } from './harness';
import { adminToken, eventually } from './messaging-support';

/**
 * Issue 9, the customer's inbox against the real stack: a message an administrator sends to a
 * customer appears live on their 'Mon compte' button (the unread badge, pushed through the
 * subscription without reloading) and in the dashboard's 'Messages' tab; opening it shows it,
 * marks it read for the administrator too, and the badge goes.
 */
const browser = browserForFile();
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
});

/** The count a badge says to assistive technologies ('3 messages non lus'); 0 without a badge. */
async function badgeCount(badge: Locator): Promise<number> {
  // Read without waiting: the badge goes away when the last message is read, between two looks.
  const labels = await badge.locator('.sr-only').allTextContents();
  if (labels.length === 0) return 0;
  const label = labels[0]!;
  const found = /^(\d+) messages? non lus?$/.exec(label.trim());
  if (!found) throw new Error(`unexpected badge label "${label}"`);
  return Number(found[1]);
}

describe("the customer's inbox", () => {
  it('shows an admin message with the unread badge, live; opening it marks it read and the badge goes', async () => {
    const { context, page } = await newVisitor(browser, { mobile: false });
    const email = uniqueEmail('boite');
    await signUpCustomer(page, { firstName: 'Clarisse', lastName: 'Essomba', email, phone: '699112233' });

    // Nothing yet: no badge, an empty inbox.
    const accountButton = page.getByTestId('account-menu');
    await accountButton.waitFor();
    expect(await badgeCount(accountButton.getByTestId('unread-badge'))).toBe(0);
    await page.getByRole('tab', { name: /Messages/ }).click();
    await page.waitForURL('**/dashboard/messages');
    await page.getByTestId('inbox-empty').getByText('Aucun message', { exact: true }).waitFor();

    // The administrator writes to them (messaging learns of the new user through identity's events).
    const recipient = await eventually(async () => {
      const { messageRecipients } = await graphql<{ messageRecipients: { id: string; email: string }[] }>(
        `query($search: String) { messageRecipients(search: $search) { id email } }`,
        { search: email },
        admin,
      );
      return messageRecipients.find((r) => r.email === email);
    }, 'the new customer among the recipients');
    const subject = 'Votre guide nutrition est disponible';
    const content = 'Bonjour Clarisse,\nvotre guide est prêt dans votre tableau de bord.\nL’équipe LBF';
    const { adminSendMessage } = await graphql<{ adminSendMessage: { message: { id: string } | null; error: { message: string } | null } }>(
      `mutation($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { message { id } error { message } } }`,
      { input: { toAll: false, recipientId: recipient.id, subject, content } },
      admin,
    );
    expect(adminSendMessage.error).toBeNull();
    const messageId = adminSendMessage.message!.id;

    // Pushed to the open page: the badge on 'Mon compte' and on the tab, and the list refreshes.
    const badge = accountButton.getByTestId('unread-badge');
    await badge.waitFor({ timeout: 15_000 });
    const before = await badgeCount(badge);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await badge.locator('.sr-only').textContent()).toMatch(/messages? non lus?/);
    const row = page.getByTestId('inbox-message').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await page.screenshot({ path: shotPath('inbox-unread.png') });

    // The menu's 'Messages' entry shows the count too and leads to the inbox.
    await accountButton.click();
    const entry = page.getByTestId('account-menu-messages');
    expect(await badgeCount(entry.getByTestId('unread-badge'))).toBe(before);
    await page.screenshot({ path: shotPath('inbox-account-menu.png') });
    await page.keyboard.press('Escape');

    // On a phone: a dot on the menu button, and the count on the menu's 'Messages' entry.
    await page.setViewportSize({ width: 360, height: 780 });
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    expect(await menuButton.getByTestId('menu-unread-dot').count()).toBe(1);
    expect(await menuButton.getAttribute('aria-label')).toMatch(/^Ouvrir le menu \(\d+ messages? non lus?\)$/);
    await menuButton.click();
    const mobileEntry = page.getByTestId('mobile-menu').getByRole('link', { name: /^Messages/ });
    expect(await badgeCount(mobileEntry.getByTestId('unread-badge'))).toBe(before);
    await page.screenshot({ path: shotPath('inbox-mobile-menu.png') });
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    expect(await badgeCount(page.getByRole('tab', { name: /Messages/ }).getByTestId('unread-badge'))).toBe(before);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Opening it shows the content and marks it read.
    await row.getByRole('button', { name: new RegExp(subject) }).click();
    const body = row.getByTestId('inbox-message-content');
    await body.getByText('votre guide est prêt dans votre tableau de bord.').waitFor();
    expect(await row.getByRole('button').getAttribute('aria-expanded')).toBe('true');
    await eventually(async () => ((await row.getAttribute('data-unread')) === null ? true : null), 'the message shown as read');
    await eventually(async () => ((await badgeCount(accountButton.getByTestId('unread-badge'))) === before - 1 ? true : null), 'the badge down by one');
    if (before === 1) expect(await accountButton.getByTestId('unread-badge').count()).toBe(0);
    await page.screenshot({ path: shotPath('inbox-read.png') });

    // The administrator's history says it was read.
    const read = await eventually(async () => {
      const { adminInternalMessages } = await graphql<{ adminInternalMessages: { items: { id: string; readAt: string | null }[] } }>(
        `query { adminInternalMessages(pageSize: 100) { items { id readAt } } }`,
        {},
        admin,
      );
      return adminInternalMessages.items.find((m) => m.id === messageId && m.readAt);
    }, 'the read state in the history');
    expect(read.readAt).toEqual(expect.any(String));

    // Still read after a reload (the server's state, not the page's).
    await page.reload();
    const again = page.getByTestId('inbox-message').filter({ hasText: subject });
    await again.waitFor();
    expect(await again.getAttribute('data-unread')).toBeNull();
    await context.close();
  });
});
