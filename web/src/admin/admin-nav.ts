import {
  BadgePercent,
  BarChart3,
  CreditCard,
  Inbox,
  MailCheck,
  FileText,
  KeyRound,
  LayoutDashboard,
  Mail,
  MessageSquare,
  MessageSquareQuote,
  MessageSquareText,
  Newspaper,
  ScrollText,
  Settings,
  Users,
  Video,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { paths } from '@/app/route-manifest';
import { fr } from '@/i18n/fr';
import { ContactUnreadBadge } from './contact/contact-unread-badge';
import { adminFr } from '@/i18n/admin';
import { reviewsFr } from '@/i18n/admin/reviews';
import { apiKeysFr } from '@/i18n/admin/api-keys';
import { webhooksFr } from '@/i18n/admin/webhooks';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A count shown after the label (e.g. unread contact messages). */
  badge?: ComponentType;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: paths.admin(), label: fr.admin.nav.dashboard, icon: LayoutDashboard },
  { to: paths.admin('settings'), label: fr.admin.nav.settings, icon: Settings },
  { to: paths.admin('users'), label: fr.admin.nav.users, icon: Users },
  { to: paths.admin('videos'), label: fr.admin.nav.videos, icon: Video },
  { to: paths.admin('pdfs'), label: fr.admin.nav.pdfs, icon: FileText },
  // Issue 7: the orders, their payment attempts and the provider's answers.
  { to: paths.admin('payments'), label: adminFr.nav.payments, icon: CreditCard },
  // Issue 26: promo codes, with their uses and revenue.
  { to: paths.admin('promo'), label: adminFr.nav.promo, icon: BadgePercent },
  // Beyond the spec's sidebar: the news and the home page's testimonials, edited without a developer.
  { to: paths.admin('articles'), label: adminFr.nav.articles, icon: Newspaper },
  { to: paths.admin('testimonials'), label: adminFr.nav.testimonials, icon: MessageSquareQuote },
  // Issue 26 point 4: the buyers' reviews, hidden with a reason.
  { to: paths.admin('reviews'), label: reviewsFr.title, icon: MessageSquareText },
  { to: paths.admin('stats'), label: fr.admin.nav.stats, icon: BarChart3 },
  { to: paths.admin('newsletter'), label: fr.admin.nav.newsletter, icon: Mail },
  { to: paths.admin('messages'), label: fr.admin.nav.messages, icon: MessageSquare },
  // Issue 9: the contact form's inbox and every e-mail sent with its delivery.
  { to: paths.admin('contact'), label: adminFr.nav.contact, icon: Inbox, badge: ContactUnreadBadge },
  { to: paths.admin('emails'), label: adminFr.nav.emails, icon: MailCheck },
  // Issue 23 §6: every administrator's action, read-only.
  { to: paths.admin('journal'), label: adminFr.nav.journal, icon: ScrollText },
  // Issue 24: the integrators' API keys.
  { to: paths.admin('api'), label: apiKeysFr.title, icon: KeyRound },
  // Issue 24 point 5: signed event notifications to integrators, with their deliveries.
  { to: paths.admin('webhooks'), label: webhooksFr.title, icon: Webhook },
];

export function adminTitleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || paths.admin();
  return ADMIN_NAV.find((item) => item.to === path)?.label ?? fr.admin.sidebarTitle;
}
