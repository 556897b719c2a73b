import { changedFields, ok, recordAdminAction, type AdminActor, type Result } from '@lbf/service-kit';
import type { EventData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import { refused } from '../shared/errors';
import type { SiteSettingsView } from './settings-view';
import { SETTING_DEFAULTS, validateSettings, withDefaults, type SettingsInput } from './settings-rules';
import { settingRows, upsertSetting } from './store';
import type { CatalogueDeps } from '../shared/deps';

export type { SiteSettingsView };

/**
 * Every page asks for the settings (header, footer, hero); they change when an administrator saves
 * them. Kept in memory per database for a few seconds: this process drops its copy on update, and
 * another replica's update shows here within SETTINGS_CACHE_MS.
 */
export const SETTINGS_CACHE_MS = 5_000;
const settingsCache = new WeakMap<object, { view: Promise<SiteSettingsView>; until: number }>();

export function readSettings(deps: Pick<CatalogueDeps, 'ds'>): Promise<SiteSettingsView> {
  const cached = settingsCache.get(deps.ds);
  if (cached && cached.until > Date.now()) return cached.view;
  const view = loadSettings(deps);
  settingsCache.set(deps.ds, { view, until: Date.now() + SETTINGS_CACHE_MS });
  // A failed read is not kept: the next request tries the database again.
  view.catch(() => {
    if (settingsCache.get(deps.ds)?.view === view) settingsCache.delete(deps.ds);
  });
  return view;
}

async function loadSettings(deps: Pick<CatalogueDeps, 'ds'>): Promise<SiteSettingsView> {
  const rows = await settingRows(deps.ds.manager);
  const updatedAt = rows.reduce<Date | null>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), null);
  return { values: withDefaults(rows), updatedAt };
}

/**
 * What catalogue.settings.updated carries: the settings mails show (name, logo, contact) and the
 * seller's legal identity receipts name, as they stand in this transaction (defaults for keys never
 * saved; empty values as null).
 */
export async function settingsEventData(manager: EntityManager, at: Date = new Date()): Promise<EventData<'catalogue.settings.updated'>> {
  const rows = await settingRows(manager);
  const v = withDefaults(rows);
  return {
    siteName: v.site_name.trim() || SETTING_DEFAULTS.site_name,
    siteLogo: v.site_logo.trim() || null,
    contactEmail: v.contact_email.trim() || null,
    contactPhone: v.contact_phone.trim() || null,
    legalName: v.legal_name.trim() || null,
    legalAddress: v.legal_address.trim() || null,
    taxId: v.tax_id.trim() || null,
    occurredAt: at.toISOString(),
  };
}

/**
 * Validates every field first, then upserts the ones sent by key and emits
 * catalogue.settings.updated (messaging's mails carry the name, logo and contact; its receipts the
 * legal identity), in one transaction.
 */
export async function updateSettings(
  deps: Pick<CatalogueDeps, 'ds' | 'uow'>,
  admin: AdminActor,
  input: SettingsInput,
): Promise<Result<SiteSettingsView>> {
  const v = validateSettings(input);
  if (!v.ok) return refused('VALIDATION', v.message, v.field);
  await deps.uow.run(async (tx) => {
    const { manager, emit } = tx;
    const before = withDefaults(await settingRows(manager));
    const after = Object.fromEntries(v.values.map(({ key, value }) => [key, value]));
    await recordAdminAction(tx, admin, 'settings.updated', { id: 'site', label: before.site_name }, changedFields(before, after));
    for (const { key, value } of v.values) {
      await upsertSetting(manager, key, value);
    }
    // The upserts hold the rows' locks until commit, so a later save also has a later occurredAt.
    await emit('catalogue.settings.updated', await settingsEventData(manager));
  });
  settingsCache.delete(deps.ds);
  return ok(await readSettings(deps));
}
