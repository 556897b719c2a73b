import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { privacy } from '@/i18n/pages/privacy';
import { LegalDocument } from './legal-document';

/** /privacy: what personal data is kept, why, for how long, and how to exercise one's rights. */
export default function PrivacyPage() {
  usePage(fr.pages.privacy, { meta: { description: privacy.lead } });
  return <LegalDocument content={privacy} />;
}
