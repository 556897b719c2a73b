import { Inbox } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { PageSpinner } from '@/components/ui/spinner';
import { inboxText } from '@/i18n/messaging';
import { LoadError } from '../../components/states/load-error';
import { MessageRow } from './inbox-message-row';
import { useInbox } from './use-inbox';
import { SectionHeading } from './section-heading';

const pagerLabels = { nav: inboxText.pager, previous: inboxText.previous, next: inboxText.next, pageOf: inboxText.pageOf };

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
        <SectionHeading id="inbox-title" title={inboxText.title} intro={inboxText.intro} />
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

      {data && <Pager page={inbox.page} totalPages={inbox.pages} onPage={inbox.setPage} labels={pagerLabels} />}
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
