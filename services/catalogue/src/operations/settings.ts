import { catalogueError } from '../domain/errors';
import { validateSettings, withDefaults, type SettingKey } from '../domain/settings';
import { SiteSetting } from '../entities';
import type { CatalogueDeps } from './deps';

export interface SiteSettingsView {
  values: Record<SettingKey, string>;
  updatedAt: Date | null;
}

export async function readSettings(deps: Pick<CatalogueDeps, 'ds'>): Promise<SiteSettingsView> {
  const rows = await deps.ds.getRepository(SiteSetting).find();
  const updatedAt = rows.reduce<Date | null>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), null);
  return { values: withDefaults(rows), updatedAt };
}

/** Validates every field first, then upserts the ones sent by key, in one transaction. */
export async function updateSettings(deps: Pick<CatalogueDeps, 'ds'>, input: Record<string, string | null | undefined>): Promise<SiteSettingsView> {
  const v = validateSettings(input);
  if (!v.ok) throw catalogueError('VALIDATION', v.message, v.field);
  await deps.ds.transaction(async (m) => {
    for (const { key, value } of v.values) {
      await m.query(
        `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
        [key, value],
      );
    }
  });
  return readSettings(deps);
}
