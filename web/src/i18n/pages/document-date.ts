import { DOCUMENT_VERSIONS } from '../../../../proto-events/src/consent-documents';
import { formatFullDay } from '../../lib/format/date';

/**
 * A legal page's « Mis à jour le »: its version in force, from the one list identity records
 * consents with (proto-events/src/consent-documents.ts). Changing a page's text means changing its
 * date there, in the same commit.
 */
export function documentDate(document: keyof typeof DOCUMENT_VERSIONS): { iso: string; label: string } {
  const iso = DOCUMENT_VERSIONS[document];
  return { iso, label: formatFullDay(iso) };
}
