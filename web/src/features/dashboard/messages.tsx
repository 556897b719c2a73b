import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { inboxText } from '@/i18n/messaging';
import { LoadError } from '../../components/states/load-error';
import { MessageRow } from './inbox-message-row';
import { useInbox } from './use-inbox';

/**
 * The dashboard's 'Messages' tab: what the team sent this customer and every member (group), newest
 * first, with a marker on the unread ones; opening one shows it and marks it read (for this user
 * only, a group message included), which the header badge follows.
 */
export function MessagesTab() {
  const inbox = useInbox();
  const { data } = inbox;
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
        inbox.failed ? (
          <LoadError onRetry={inbox.retry} />
        ) : (
          <PageSpinner label={inboxText.loading} />
        )
      ) : data.items.length === 0 ? (
        <InboxEmpty />
      ) : (
        <Card className="overflow-hidden p-0">
          <ul>
            {data.items.map((message) => (
              <MessageRow key={message.id} message={message} open={inbox.openId === message.id} onToggle={() => inbox.toggle(message)} />
            ))}
          </ul>
        </Card>
      )}

      {data && inbox.pages > 1 && <InboxPager page={inbox.page} pages={inbox.pages} setPage={inbox.setPage} />}
    </section>
  );
}

function InboxEmpty() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card p-8 text-center" data-testid="inbox-empty">
      <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{inboxText.emptyTitle}</p>
      <p className="text-sm text-muted-foreground">{inboxText.emptyText}</p>
    </div>
  );
}

function InboxPager({ page, pages, setPage }: { page: number; pages: number; setPage: Dispatch<SetStateAction<number>> }) {
  return (
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
  );
}
