import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { terms } from '@/i18n/pages/terms';
import { LegalDocument } from './legal-document';

/** /terms: the conditions of use and of sale of the digital content. */
export default function TermsPage() {
  usePage(fr.pages.terms, { meta: { description: terms.lead } });
  return <LegalDocument content={terms} />;
}
