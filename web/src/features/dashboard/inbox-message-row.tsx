import { ChevronDown, Users } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { inboxText } from '@/i18n/messaging';
import { cn } from '@/lib/utils';
import type { InboxMessage } from './messages-operations';

const dateTime = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "5 mars 2025 à 14:30" */
function sentOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A message of the inbox: its subject, date and sender, opening on its text (an accordion row). */
export function MessageRow({ message, open, onToggle }: { message: InboxMessage; open: boolean; onToggle(): void }) {
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
