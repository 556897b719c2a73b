import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { ChevronDown, ChevronLeft, ChevronRight, Inbox, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { cn } from '@/lib/utils';
import { LoadError } from '../../components/states/load-error';
import {
  INBOX_PAGE_SIZE,
  MARK_MESSAGE_READ,
  MY_MESSAGES_QUERY,
  MY_UNREAD_MESSAGE_COUNT,
  type InboxMessage,
} from './messages-operations';

const dateTime = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "5 mars 2025 à 14:30" */
function sentOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

function MessageRow({ message, open, onToggle }: { message: InboxMessage; open: boolean; onToggle(): void }) {
  const panelId = useId();
  const unread = !message.readAt;
  return (
    <li className={cn('border-b last:border-b-0', unread && 'bg-accent/40')} data-testid="inbox-message" data-unread={unread || undefined}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
        >
          <span className="mt-2 flex size-2.5 shrink-0 items-center justify-center" aria-hidden="true">
            {unread && <span className="size-2.5 rounded-full bg-primary" />}
          </span>
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className={cn('min-w-0 break-words', unread ? 'font-bold' : 'font-medium')}>{message.subject}</span>
              {message.isGroup && (
                <Badge variant="secondary">
                  <Users aria-hidden="true" />
                  {inboxText.group}
                </Badge>
              )}
              {unread && <span className="sr-only">({inboxText.unread})</span>}
            </span>
            <span className="text-xs text-muted-foreground">
              <time dateTime={message.sentAt}>{sentOn(message.sentAt)}</time>
              <span aria-hidden="true"> · </span>
              {inboxText.from(message.senderName)}
            </span>
          </span>
          <ChevronDown className={cn('mt-1 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-4 pt-1 pb-4 pl-[2.625rem] sm:px-5 sm:pl-[2.875rem]" data-testid="inbox-message-content">
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{message.content}</p>
      </div>
    </li>
  );
}

/**
 * The dashboard's 'Messages' tab: what the team sent this customer and every member (group), newest
 * first, with a marker on the unread ones; opening one shows it and marks it read (for this user
 * only, a group message included), which the header badge follows.
 */
export function MessagesTab() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useApolloQuery(MY_MESSAGES_QUERY, {
    variables: { page, pageSize: INBOX_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [markRead] = useApolloMutation(MARK_MESSAGE_READ, { refetchQueries: [MY_UNREAD_MESSAGE_COUNT, 'MyMessages'] });

  // A message arriving while the tab is open (the badge's live count goes up): list it.
  const unreadNow = useApolloQuery(MY_UNREAD_MESSAGE_COUNT, { fetchPolicy: 'cache-only' }).data?.myUnreadMessageCount;
  const lastUnread = useRef(unreadNow);
  const { refetch } = messages;
  useEffect(() => {
    if (unreadNow !== undefined && lastUnread.current !== undefined && unreadNow > lastUnread.current) void refetch();
    lastUnread.current = unreadNow;
  }, [unreadNow, refetch]);

  const toggle = (message: InboxMessage) => {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.readAt) {
      markRead({ variables: { id: message.id } })
        .then(({ data }) => {
          const error = data?.markMessageRead.error;
          if (error) toast.error(error.title ?? fr.common.error, { description: error.message });
        })
        .catch(() => toast.error(fr.common.error, { description: inboxText.markFailure }));
    }
  };

  const data = messages.data?.myMessages;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="inbox-title" className="flex flex-col gap-4" data-testid="inbox">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="inbox-title" className="text-xl font-bold">
            {inboxText.title}
          </h2>
          <p className="text-sm text-muted-foreground">{inboxText.intro}</p>
        </div>
        {data && data.unread > 0 && (
          <p className="text-sm font-medium text-primary" data-testid="inbox-unread">
            {inboxText.unreadCount(data.unread)}
          </p>
        )}
      </div>

      {!data ? (
        messages.error ? (
          <LoadError onRetry={() => void messages.refetch()} />
        ) : (
          <PageSpinner label={inboxText.loading} />
        )
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card p-8 text-center" data-testid="inbox-empty">
          <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">{inboxText.emptyTitle}</p>
          <p className="text-sm text-muted-foreground">{inboxText.emptyText}</p>
        </div>
      ) : (
        <Card className="overflow-hidden p-0">
          <ul>
            {data.items.map((message) => (
              <MessageRow key={message.id} message={message} open={openId === message.id} onToggle={() => toggle(message)} />
            ))}
          </ul>
        </Card>
      )}

      {data && pages > 1 && (
        <nav aria-label={inboxText.pager} className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            <ChevronLeft aria-hidden="true" />
            {inboxText.previous}
          </Button>
          <p className="text-sm whitespace-nowrap text-muted-foreground" aria-live="polite">
            {inboxText.pageOf(page, pages)}
          </p>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
            {inboxText.next}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </section>
  );
}
