import type { AdminSiteSettingsFieldsFragment } from '@/generated/graphql';

export type SiteSettings = AdminSiteSettingsFieldsFragment;
export type { SiteSettingsInput } from '@/generated/graphql';

// Every field, here and in the mutation's answer: the cached siteSettings (a singleton without
// an id, read by the home, the footer and the contact page) is then replaced whole, not merged.

