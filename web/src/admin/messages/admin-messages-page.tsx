import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { CheckCheck, Eye, MessageSquare, Send, Users } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { resultOf, toastSuccess } from '../lib/errors';
import { formatDateTime } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { useReloadStatsAndList } from '../lib/use-reload-stats-and-list';
import { runAction } from '../components/admin-action';
import { ToneBadge } from '../components/status-badge';
import { ClippedText, EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { AddButton } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { PagedDataList, usePagedList } from '../components/paged-list';
import { StatCard, StatCardSkeletons } from '../components/stat-card';
import { MESSAGES_PAGE_SIZE, type AdminMessage, type AdminMessageStats } from './operations';
import { SendMessageDialog } from './send-message-dialog';
import ADMIN_MESSAGE_STATS from './graphql/admin-internal-message-stats.query.graphql';
import ADMIN_MESSAGES from './graphql/admin-internal-messages.query.graphql';
import ADMIN_MARK_MESSAGE_READ from './graphql/admin-mark-message-read.mutation.graphql';

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
  { header: t.columns.subject, cell: (m) => <ClippedText text={m.subject} className="block max-w-72 truncate" /> },
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

/** The cards: messages sent, read (with the read rate), users reached. */
function MessageStatCards({ figures, loading }: { figures: AdminMessageStats | undefined; loading: boolean }) {
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {figures ? (
        <>
          <StatCard testId="card-total" label={t.total} icon={<Send />} value={formatCount(figures.total)} detail={t.totalDetail} />
          <StatCard testId="card-read" label={t.read} icon={<Eye />} value={formatCount(figures.read)} detail={t.readRate(figures.readRatePercent)} />
          <StatCard testId="card-users" label={t.users} icon={<Users />} value={formatCount(figures.users)} detail={t.usersDetail} />
        </>
      ) : (
        loading && <StatCardSkeletons count={3} />
      )}
    </div>
  );
}

/** 'Marquer comme lu' on an individual message, then 'Message marqué comme lu' and `onDone`. */
function useMarkRead(onDone: () => void) {
  const [markRead] = useApolloMutation(ADMIN_MARK_MESSAGE_READ);
  return (m: AdminMessage) =>
    runAction(async () => {
      const { data } = await markRead({ variables: { id: m.id } });
      resultOf(data, 'adminMarkMessageRead');
      toastSuccess(t.marked);
      onDone();
    }, t.markFailure);
}

/**
 * /admin/messages (spec 'Admin messages'): the cards (total, read with the read rate, users),
 * 'Nouveau message', and the history with 'Marquer comme lu' on unread individual messages.
 */
export default function AdminMessagesPage() {
  usePage(fr.admin.nav.messages);
  const [composing, setComposing] = useState(false);
  const [page, setPage] = useState(1);
  const stats = useApolloQuery(ADMIN_MESSAGE_STATS, { fetchPolicy: 'cache-and-network' });
  const result = useApolloQuery(ADMIN_MESSAGES, { variables: { page, pageSize: MESSAGES_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  useLogError(stats.error, 'AdminMessagesPage stats');
  // The page on screen stays while the next one loads.
  const paged = usePagedList(result, (data) => data.adminInternalMessages, { page, setPage, what: t.loadFailure });
  const refresh = useReloadStatsAndList(stats, result);
  const markRead = useMarkRead(refresh);
  const compose = () => setComposing(true);

  return (
    <div>
      <PageHeader title={fr.admin.nav.messages} subtitle={paged.list ? t.count(paged.list.total) : '\u00a0'} actions={<AddButton label={t.newMessage} onClick={compose} />} />
      <MessageStatCards figures={stats.data?.adminInternalMessageStats} loading={stats.loading} />
      <h2 className="mb-3 text-lg font-semibold">{t.history}</h2>
      <PagedDataList
        paged={paged}
        onPage={setPage}
        failure={{ text: t.loadFailure, retryLabel: t.retry }}
        empty={
          <EmptyState icon={<MessageSquare />} text={t.empty}>
            <AddButton label={t.newMessage} onClick={compose} />
          </EmptyState>
        }
        label={t.history}
        columns={columns}
        actionsHeader={adminFr.common.actions}
        actions={(m) =>
          !m.isGroup && !m.readAt ? (
            <IconAction label={t.markReadLabel(m.subject)} tooltip={t.markRead} onClick={() => void markRead(m)}>
              <CheckCheck aria-hidden="true" />
            </IconAction>
          ) : null
        }
      />
      <SendMessageDialog open={composing} onOpenChange={setComposing} onSent={refresh} />
    </div>
  );
}
