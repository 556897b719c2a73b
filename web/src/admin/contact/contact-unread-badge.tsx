import { useApolloQuery } from '@/data/hooks';
import { adminFr } from '@/i18n/admin';
import ADMIN_CONTACT_UNREAD from './graphql/admin-contact-unread.query.graphql';

/** The sidebar's count of unread contact messages (refreshed every minute and after each change). */
export function ContactUnreadBadge() {
  const { data } = useApolloQuery(ADMIN_CONTACT_UNREAD, { pollInterval: 60_000, fetchPolicy: 'cache-and-network' });
  const count = data?.adminContactMessages.unreadCount ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground" data-testid="contact-unread-badge">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{adminFr.contact.unread(count)}</span>
    </span>
  );
}
