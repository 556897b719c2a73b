import { inboxText } from '@/i18n/messaging';
import { cn } from '@/lib/utils';

/**
 * The count of unread messages on a menu or a tab: a small pill, read by assistive technologies as
 * '3 messages non lus'; nothing at 0.
 */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{inboxText.unreadCount(count)}</span>
    </span>
  );
}
