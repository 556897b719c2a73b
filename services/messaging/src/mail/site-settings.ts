import type { EventData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import type { MessagingDeps } from '../shared/deps';
import { absoluteUrl, type SiteIdentity } from './layout';
import { loadSiteSettings, upsertSiteSettings } from './store';

/** Until catalogue announces its settings, mails carry the spec's default site name. */
export const DEFAULT_SITE_NAME = 'LBF';

/** The site as mails show it now: the read model's row (catalogue.settings.updated), or the defaults. */
export async function loadSiteIdentity(deps: Pick<MessagingDeps, 'ds' | 'config'>, manager: EntityManager = deps.ds.manager): Promise<SiteIdentity> {
  const row = await loadSiteSettings(manager);
  const publicUrl = deps.config.publicUrl.replace(/\/+$/, '');
  return {
    siteName: row?.site_name?.trim() || DEFAULT_SITE_NAME,
    logoUrl: absoluteUrl(row?.site_logo, publicUrl),
    contactEmail: row?.contact_email?.trim() || null,
    contactPhone: row?.contact_phone?.trim() || null,
    legal: {
      name: row?.legal_name?.trim() || null,
      address: row?.legal_address?.trim() || null,
      taxId: row?.tax_id?.trim() || null,
    },
    publicUrl,
  };
}

/** Applies catalogue.settings.updated: the newest occurredAt wins (an older or replayed event changes nothing). */
export async function applySiteSettings(manager: EntityManager, d: EventData<'catalogue.settings.updated'>): Promise<void> {
  await upsertSiteSettings(manager, {
    site_name: d.siteName,
    site_logo: d.siteLogo,
    contact_email: d.contactEmail,
    contact_phone: d.contactPhone,
    legal_name: d.legalName ?? null,
    legal_address: d.legalAddress ?? null,
    tax_id: d.taxId ?? null,
    occurred_at: d.occurredAt,
  });
}
