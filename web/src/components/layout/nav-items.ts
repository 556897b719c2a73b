import { fr } from '@/i18n/fr';

export const SITE_NAV = [
  { to: '/', label: fr.nav.home, end: true },
  { to: '/actualites', label: fr.nav.news, end: false },
  { to: '/about', label: fr.nav.about, end: false },
  { to: '/faq', label: fr.nav.faq, end: false },
] as const;
