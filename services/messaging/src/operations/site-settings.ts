import type { EventData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import { absoluteUrl, type SiteIdentity } from '../mail/layout';
import type { MessagingDeps } from './deps';

/** Until catalogue announces its settings, mails carry the spec's default site name. */
export const DEFAULT_SITE_NAME = 'LBF';

/** The site as mails show it now: the read model's row (catalogue.settings.updated), or the defaults. */
export async function loadSiteIdentity(deps: Pick<MessagingDeps, 'ds' | 'config'>, manager: EntityManager = deps.ds.manager): Promise<SiteIdentity> {
  const rows = (await manager.query(
    `SELECT site_name, site_logo, contact_email, contact_phone, legal_name, legal_address, tax_id FROM site_settings WHERE id = 1`,
  )) as Array<{
    site_name: string;
    site_logo: string | null;
    contact_email: string | null;
    contact_phone: string | null;
    legal_name: string | null;
    legal_address: string | null;
    tax_id: string | null;
  }>;
  const publicUrl = deps.config.publicUrl.replace(/\/+$/, '');
  const row = rows[0];
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
  await manager.query(
    `INSERT INTO site_settings (id, site_name, site_logo, contact_email, contact_phone, legal_name, legal_address, tax_id, occurred_at)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET site_name = EXCLUDED.site_name, site_logo = EXCLUDED.site_logo,
       contact_email = EXCLUDED.contact_email, contact_phone = EXCLUDED.contact_phone, legal_name = EXCLUDED.legal_name,
       legal_address = EXCLUDED.legal_address, tax_id = EXCLUDED.tax_id, occurred_at = EXCLUDED.occurred_at
     WHERE site_settings.occurred_at <= EXCLUDED.occurred_at`,
    [d.siteName, d.siteLogo, d.contactEmail, d.contactPhone, d.legalName ?? null, d.legalAddress ?? null, d.taxId ?? null, d.occurredAt],
  );
}
