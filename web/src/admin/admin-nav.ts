import {
  BarChart3,
  CreditCard,
  Inbox,
  MailCheck,
  FileText,
  LayoutDashboard,
  Mail,
  MessageSquare,
  MessageSquareQuote,
  Newspaper,
  Settings,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { fr } from '@/i18n/fr';
import { ContactUnreadBadge } from './contact/contact-unread-badge';
import { adminFr } from '@/i18n/admin';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A count shown after the label (e.g. unread contact messages). */
  badge?: ComponentType;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: fr.admin.nav.dashboard, icon: LayoutDashboard },
  { to: '/admin/settings', label: fr.admin.nav.settings, icon: Settings },
  { to: '/admin/users', label: fr.admin.nav.users, icon: Users },
  { to: '/admin/videos', label: fr.admin.nav.videos, icon: Video },
  { to: '/admin/pdfs', label: fr.admin.nav.pdfs, icon: FileText },
  // Issue 7: the orders, their payment attempts and the provider's answers.
  { to: '/admin/payments', label: adminFr.nav.payments, icon: CreditCard },
  // Beyond the spec's sidebar: the news and the home page's testimonials, edited without a developer.
  { to: '/admin/articles', label: adminFr.nav.articles, icon: Newspaper },
  { to: '/admin/testimonials', label: adminFr.nav.testimonials, icon: MessageSquareQuote },
  { to: '/admin/stats', label: fr.admin.nav.stats, icon: BarChart3 },
  { to: '/admin/newsletter', label: fr.admin.nav.newsletter, icon: Mail },
  { to: '/admin/messages', label: fr.admin.nav.messages, icon: MessageSquare },
  // Issue 9: the contact form's inbox and every e-mail sent with its delivery.
  { to: '/admin/contact', label: adminFr.nav.contact, icon: Inbox, badge: ContactUnreadBadge },
  { to: '/admin/emails', label: adminFr.nav.emails, icon: MailCheck },
];

export function adminTitleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  return ADMIN_NAV.find((item) => item.to === path)?.label ?? fr.admin.sidebarTitle;
}
