import { until, withHarness } from '@lbf/service-kit/testing';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());
const UPDATE_SETTINGS = `mutation($input: SiteSettingsInput!) { updateSiteSettings(input: $input) { settings { siteName } error { code message field } } }`;

beforeAll(async () => {
  t.events.listen('catalogue.settings.updated');
});

describe('saving the site settings', () => {
  it('publishes catalogue.settings.updated with what mails show, from the same transaction', async () => {
    const before = Date.now();
    const res = await t.asAdmin(UPDATE_SETTINGS, { input: { siteName: 'LBF Santé', contactEmail: 'contact@lbf.test', contactPhone: '+237 6 99 00 11 22' } });
    expect(res.data?.updateSiteSettings.error).toBeNull();
    const { data: event } = await until(() => t.events.find('catalogue.settings.updated', (e) => e.siteName === 'LBF Santé'), 5000, 'catalogue.settings.updated');
    expect(event).toMatchObject({ siteName: 'LBF Santé', siteLogo: null, contactEmail: 'contact@lbf.test', contactPhone: '+237 6 99 00 11 22' });
    expect(new Date(event.occurredAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // A second save carries the whole state (fields not sent keep their saved values) and a later time.
    await t.asAdmin(UPDATE_SETTINGS, { input: { siteName: 'LBF Bien-être' } });
    const { data: second } = await until(() => t.events.find('catalogue.settings.updated', (e) => e.siteName === 'LBF Bien-être'), 5000, 'second event');
    expect(second).toMatchObject({ contactEmail: 'contact@lbf.test', contactPhone: '+237 6 99 00 11 22' });
    expect(new Date(second.occurredAt as string).getTime()).toBeGreaterThanOrEqual(new Date(event.occurredAt as string).getTime());
  });

  it("carries the seller's legal identity receipts name: raison sociale, address, NIU (normalised)", async () => {
    const res = await t.asAdmin(
      `mutation($input: SiteSettingsInput!) { updateSiteSettings(input: $input) { settings { legalName legalAddress taxId } error { code message field } } }`,
      { input: { legalName: 'LBF Santé SARL', legalAddress: 'Rue Joss, Akwa\nBP 1234 Douala', taxId: 'm 0123 4567 8901 a' } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateSiteSettings).toEqual({
      settings: { legalName: 'LBF Santé SARL', legalAddress: 'Rue Joss, Akwa\nBP 1234 Douala', taxId: 'M012345678901A' },
      error: null,
    });
    const { data: event } = await until(() => t.events.find('catalogue.settings.updated', (e) => e.legalName === 'LBF Santé SARL'), 5000, 'event with the legal identity');
    expect(event).toMatchObject({ legalName: 'LBF Santé SARL', legalAddress: 'Rue Joss, Akwa\nBP 1234 Douala', taxId: 'M012345678901A' });
  });

  it('a refused save publishes nothing', async () => {
    const res = await t.asAdmin(UPDATE_SETTINGS, { input: { siteName: 'Refusé', contactEmail: 'pas-un-email' } });
    expect(res.data?.updateSiteSettings.error).toMatchObject({ field: 'contactEmail' });
    await new Promise((r) => setTimeout(r, 500));
    expect(t.events.find('catalogue.settings.updated', (e) => e.siteName === 'Refusé')).toBeFalsy();
  });
});
