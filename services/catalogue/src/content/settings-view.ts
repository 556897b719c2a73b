import type { SettingKey } from './settings-rules';

/** The site's settings as the SDL's SiteSettings resolves them (codegen's mapper): every key, stored or default. */
export interface SiteSettingsView {
  values: Record<SettingKey, string>;
  updatedAt: Date | null;
}
