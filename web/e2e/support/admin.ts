import type { Locator, Page } from 'playwright-core';

/**
 * Opens the back-office screen at `path` (once its `heading` shows, when given), presses its
 * creation button (`button`) and returns the form that opens (named `form`).
 */
export async function openAdminCreateForm(page: Page, { path, heading, button, form }: { path: string; heading?: string; button: string; form: string }): Promise<Locator> {
  await page.goto(path);
  if (heading) await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.getByRole('button', { name: button }).first().click();
  return page.getByRole('form', { name: form });
}
