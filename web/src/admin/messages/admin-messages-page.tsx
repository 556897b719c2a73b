import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { CheckCheck, Eye, MessageSquare, Plus, Send, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { formatDateTime } from '../lib/money';
import { useClampPage } from '../lib/use-clamp-page';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { DataList, EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { PageHeader } from '../components/page-header';
import { Pagination } from '../components/pagination';
import { ListSkeleton } from '../components/skeleton';
import { CardSkeleton, LoadFailure, StatCard, totalPages } from './messaging-ui';
import { ADMIN_MARK_MESSAGE_READ, ADMIN_MESSAGE_STATS, ADMIN_MESSAGES, MESSAGES_PAGE_SIZE, type AdminMessage } from './operations';
import { SendMessageDialog } from './send-message-dialog';

const t = adminFr.messages;

function status(m: AdminMessage) {
  if (m.isGroup) {
    return (
      <ToneBadge tone={m.readCount > 0 ? 'success' : 'muted'} data-status="group">
        {t.readBy(m.readCount, m.recipientCount)}
      </ToneBadge>
    );
  }
  return m.readAt ? (
    <ToneBadge tone="success" data-status="read">
      {t.readStatus}
    </ToneBadge>
  ) : (
    <ToneBadge tone="warning" data-status="unread">
      {t.unread}
    </ToneBadge>
  );
}

const columns: ReadonlyArray<Column<AdminMessage>> = [
  {
    header: t.columns.subject,
    cell: (m) => (
      <span className="block max-w-72 truncate" title={m.subject}>
        {m.subject}
      </span>
    ),
  },
  { header: t.columns.type, cell: (m) => (m.isGroup ? t.group : t.individual) },
  {
    header: t.columns.recipient,
    wide: true,
    cell: (m) =>
      m.isGroup || !m.recipient ? (
        t.allUsers
      ) : (
        <span className="min-w-0">
          <span className="block truncate">{m.recipient.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{m.recipient.email}</span>
        </span>
      ),
  },
  { header: t.columns.date, cell: (m) => <span className="whitespace-nowrap">{formatDateTime(m.sentAt)}</span> },
  { header: t.columns.status, cell: status },
];

/**
 * /admin/messages (spec 'Admin messages'): the cards (total, read with the read rate, users),
 * 'Nouveau message', and the history with 'Marquer comme lu' on unread individual messages.
 */
export default function AdminMessagesPage() {
  usePage(fr.admin.nav.messages);
  const [composing, setComposing] = useState(false);
  const [page, setPage] = useState(1);
  const stats = useApolloQuery(ADMIN_MESSAGE_STATS, { fetchPolicy: 'cache-and-network' });
  const list = useApolloQuery(ADMIN_MESSAGES, { variables: { page, pageSize: MESSAGES_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  useLogError(stats.error, 'AdminMessagesPage stats');
  useEffect(() => {
    if (list.error) console.error(t.loadFailure, list.error);
  }, [list.error]);
  const [markRead] = useApolloMutation(ADMIN_MARK_MESSAGE_READ);

  const figures = stats.data?.adminInternalMessageStats;
  // The page on screen stays while the next one loads.
  const history = (list.data ?? list.previousData)?.adminInternalMessages;
  const pages = history ? totalPages(history.total, history.pageSize) : undefined;
  useClampPage(pages, page, setPage);
  const { refetch: refetchStats } = stats;
  const { refetch: refetchList } = list;
  const refresh = useCallback(() => {
    void refetchStats();
    void refetchList();
  }, [refetchStats, refetchList]);

  const onMarkRead = async (m: AdminMessage) => {
    try {
      const { data } = await markRead({ variables: { id: m.id } });
      resultOf(data, 'adminMarkMessageRead');
      toastSuccess(t.marked);
      refresh();
    } catch (err) {
      reportFailure(err, t.markFailure);
    }
  };

  let body;
  if (!history && list.loading) body = <ListSkeleton />;
  else if (!history && list.error) body = <LoadFailure text={t.loadFailure} retryLabel={t.retry} onRetry={() => void refetchList()} />;
  else if (!history || history.items.length === 0) {
    body = (
      <EmptyState icon={<MessageSquare />} text={t.empty}>
        <Button onClick={() => setComposing(true)}>
          <Plus aria-hidden="true" />
          {t.newMessage}
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <DataList
          label={t.history}
          rows={history.items}
          columns={columns}
          rowKey={(m) => m.id}
          actionsHeader={adminFr.common.actions}
          actions={(m) =>
            !m.isGroup && !m.readAt ? (
              <IconAction label={t.markReadLabel(m.subject)} tooltip={t.markRead} onClick={() => void onMarkRead(m)}>
                <CheckCheck aria-hidden="true" />
              </IconAction>
            ) : null
          }
        />
        <Pagination page={history.page} totalPages={pages ?? 1} onPage={setPage} />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={fr.admin.nav.messages}
        subtitle={history ? t.count(history.total) : '\u00a0'}
        actions={
          <Button onClick={() => setComposing(true)}>
            <Plus aria-hidden="true" />
            {t.newMessage}
          </Button>
        }
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {figures ? (
          <>
            <StatCard testId="card-total" label={t.total} icon={<Send />} value={formatCount(figures.total)} detail={t.totalDetail} />
            <StatCard testId="card-read" label={t.read} icon={<Eye />} value={formatCount(figures.read)} detail={t.readRate(figures.readRatePercent)} />
            <StatCard testId="card-users" label={t.users} icon={<Users />} value={formatCount(figures.users)} detail={t.usersDetail} />
          </>
        ) : (
          stats.loading && (
            <>
              <CardSkeleton />
              <CardSkeleton />
              <CardSkeleton />
            </>
          )
        )}
      </div>
      <h2 className="mb-3 text-lg font-semibold">{t.history}</h2>
      {body}
      <SendMessageDialog open={composing} onOpenChange={setComposing} onSent={refresh} />
    </div>
  );
}
