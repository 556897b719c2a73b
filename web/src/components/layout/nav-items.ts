import { paths } from '@/app/route-manifest';
import { fr } from '@/i18n/fr';

export const SITE_NAV = [
  { to: paths.home(), label: fr.nav.home, end: true },
  { to: paths.news(), label: fr.nav.news, end: false },
  { to: paths.about(), label: fr.nav.about, end: false },
  { to: paths.faq(), label: fr.nav.faq, end: false },
] as const;
