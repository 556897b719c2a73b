import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Ban, FileArchive, History, MessageSquare, ShieldCheck, Trash2, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAuth } from '@/auth/auth-context';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { resultOf, toastSuccess } from '../lib/errors';
import { useCsvExport } from '../lib/use-csv-export';
import { LoadFailure } from '../components/paged-list';
import { runAction, useToastLoadError } from '../components/admin-action';
import { ListSearch } from '../components/list-search';
import type { Recipient } from '../messages/operations';
import { SendMessageDialog } from '../messages/send-message-dialog';
import { ActionConfirmDialog } from '../components/action-confirm-dialog';
import { EmptyState } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { ExportButton } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { Pagination } from '../components/pagination';
import { ListSkeleton } from '../components/skeleton';
import { useClampPage } from '../lib/use-clamp-page';
import { BanUserDialog } from './ban-user-dialog';
import { DeleteUserDataDialog } from './delete-user-data-dialog';
import { ExportUserDataDialog } from './export-user-data-dialog';
import { USERS_PAGE_SIZE, type AdminUserRow } from './operations';
import { PurchaseHistoryDialog, type PurchaseHistoryUser } from './purchase-history-dialog';
import { UserStatCards } from './user-stat-cards';
import { UsersTable } from './users-table';
import { useUsersUrlState } from './use-users-url-state';
import { usersFr } from '@/i18n/admin/users';
import ADMIN_USERS_PAGE from './graphql/admin-users-page.query.graphql';
import BAN_USER from './graphql/ban-user.mutation.graphql';
import EXPORT_USERS_CSV from './graphql/export-users-csv.query.graphql';
import UNBAN_USER from './graphql/unban-user.mutation.graphql';

const t = usersFr;

/** What the row's actions act on: the user and how to name them. */
interface Target {
  id: string;
  name: string;
}

/** After a ban or an unban: the table (status), the cards (banned count) and the top bar's hits. */
const AFTER_BAN_CHANGE = ['AdminUsersPage', 'AdminUserStats'];

/**
 * Gestion des utilisateurs (spec 'Admin users'): the cards, a live server-side search, and the
 * users table — one GraphQL query through the gateway joining identity (names, status), commerce
 * (purchases, total spent) and messaging (unread messages) — sorted and paged on the server, its
 * state in the URL. Each row: purchase history, send a message, ban (hidden once banned) or unban.
 */
export default function AdminUsersPage() {
  usePage(t.title);
  const { view, input, setInput, setPage, sortBy } = useUsersUrlState();
  const { user: me } = useAuth();
  const [history, setHistory] = useState<PurchaseHistoryUser | null>(null);
  const [messageTo, setMessageTo] = useState<Recipient | null>(null);
  const [banTarget, setBanTarget] = useState<Target | null>(null);
  const [unbanTarget, setUnbanTarget] = useState<Target | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<Target | null>(null);
  const [exportTarget, setExportTarget] = useState<Target | null>(null);

  const variables = { search: view.search || null, sort: view.sort, direction: view.direction, page: view.page, pageSize: USERS_PAGE_SIZE };
  const { data, previousData, loading, error, refetch } = useApolloQuery(ADMIN_USERS_PAGE, { variables, fetchPolicy: 'cache-and-network' });
  useToastLoadError(error, t.loadFailure);

  const exportVariables = useMemo(() => ({ search: view.search || null, sort: view.sort, direction: view.direction }), [view.search, view.sort, view.direction]);
  const { exportCsv, exporting } = useCsvExport(EXPORT_USERS_CSV, 'exportUsersCsv', t.exportFile, exportVariables);

  const users = data?.adminUsers ?? previousData?.adminUsers;
  useClampPage(users?.totalPages, view.page, setPage);
  const { banUser, unbanUser } = useBanActions();

  const actions = (user: AdminUserRow) => (
    <UserRowActions
      user={user}
      isMe={user.id === me?.id}
      onHistory={setHistory}
      onMessage={setMessageTo}
      onBan={setBanTarget}
      onUnban={setUnbanTarget}
      onDeleteData={setDeleteTarget}
      onExportData={setExportTarget}
    />
  );

  let body;
  if (!users && loading) body = <ListSkeleton rows={6} />;
  else if (!users && error) body = <LoadFailure text={t.loadFailure} retryLabel={t.retry} onRetry={() => void refetch()} />;
  else if (!users || users.items.length === 0) body = <UsersEmpty search={view.search} onClear={() => setInput('')} />;
  else {
    body = (
      <>
        <UsersTable rows={users.items} sort={view.sort} direction={view.direction} onSort={sortBy} actions={actions} busy={loading && !data} />
        <Pagination page={users.page} totalPages={users.totalPages} onPage={setPage} />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={t.title}
        subtitle={users ? t.count(users.total) : '\u00a0'}
        actions={<ExportButton exporting={exporting} onExport={() => void exportCsv()} />}
      />
      <UserStatCards />

      <ListSearch id="users-search" label={t.search} placeholder={t.searchPlaceholder} value={input} onChange={setInput} />

      {body}

      <PurchaseHistoryDialog user={history} onClose={() => setHistory(null)} />
      <SendMessageDialog open={messageTo !== null} onOpenChange={(open) => !open && setMessageTo(null)} recipient={messageTo ?? undefined} onSent={() => void refetch()} />
      <BanUserDialog who={banTarget?.name ?? null} onClose={() => setBanTarget(null)} onConfirm={(reason) => (banTarget ? banUser(banTarget, reason) : Promise.resolve())} />
      <UnbanDialog target={unbanTarget} onClose={() => setUnbanTarget(null)} onConfirm={unbanUser} />
      <DeleteUserDataDialog target={deleteTarget} onClose={() => setDeleteTarget(null)} />
      <ExportUserDataDialog target={exportTarget} onClose={() => setExportTarget(null)} />
    </div>
  );
}

/** No user at all, or none for the search (with « Effacer la recherche »). */
function UsersEmpty({ search, onClear }: { search: string; onClear(): void }) {
  return (
    <EmptyState icon={<Users />} text={t.empty}>
      {search && (
        <>
          <p className="text-sm text-muted-foreground">{t.emptySearch(search)}</p>
          <Button variant="outline" onClick={onClear}>
            {t.clearSearch}
          </Button>
        </>
      )}
    </EmptyState>
  );
}

/** After a ban or an unban: the toast, or the failure's. */
function useBanActions() {
  const [ban] = useApolloMutation(BAN_USER, { refetchQueries: AFTER_BAN_CHANGE, awaitRefetchQueries: true });
  const [unban] = useApolloMutation(UNBAN_USER, { refetchQueries: AFTER_BAN_CHANGE, awaitRefetchQueries: true });
  // Each with its own words: 'Utilisateur banni' / 'Utilisateur débanni', or the failure's.
  const act = (kind: 'ban' | 'unban') => async (target: Target, reason: string) => {
    const words = t[kind];
    await runAction(async () => {
      const variables = { input: { userId: target.id, reason } };
      if (kind === 'ban') resultOf((await ban({ variables })).data, 'banUser');
      else resultOf((await unban({ variables })).data, 'unbanUser');
      toastSuccess(words.done, words.doneText(target.name));
    }, words.failure);
  };
  const banUser = act('ban');
  const unbanUser = act('unban');
  return { banUser, unbanUser };
}

/**
 * A row's actions: purchase history, send a message, ban or unban, and « Supprimer les données »
 * unless a deletion is pending (none of the last two on one's own row: identity refuses them too,
 * and the last administrator's ban or deletion).
 */
function UserRowActions({
  user,
  isMe,
  onHistory,
  onMessage,
  onBan,
  onUnban,
  onDeleteData,
  onExportData,
}: {
  user: AdminUserRow;
  isMe: boolean;
  onHistory(user: PurchaseHistoryUser): void;
  onMessage(to: Recipient): void;
  onBan(target: Target): void;
  onUnban(target: Target): void;
  onDeleteData(target: Target): void;
  onExportData(target: Target): void;
}) {
  return (
    <>
      <IconAction label={t.actions.purchasesLabel(user.fullName)} tooltip={t.actions.purchases} onClick={() => onHistory({ id: user.id, label: user.fullName })}>
        <History aria-hidden="true" />
      </IconAction>
      <IconAction
        label={t.actions.messageLabel(user.fullName)}
        tooltip={t.actions.message}
        onClick={() => onMessage({ id: user.id, name: user.fullName, email: user.email ?? '' })}
      >
        <MessageSquare aria-hidden="true" />
      </IconAction>
      {isMe ? null : user.isBanned ? (
        <IconAction label={t.actions.unbanLabel(user.fullName)} tooltip={t.actions.unban} onClick={() => onUnban({ id: user.id, name: user.fullName })}>
          <ShieldCheck aria-hidden="true" />
        </IconAction>
      ) : (
        <IconAction label={t.actions.banLabel(user.fullName)} tooltip={t.actions.ban} destructive onClick={() => onBan({ id: user.id, name: user.fullName })}>
          <Ban aria-hidden="true" />
        </IconAction>
      )}
      <IconAction label={t.actions.exportDataLabel(user.fullName)} tooltip={t.actions.exportData} onClick={() => onExportData({ id: user.id, name: user.fullName })}>
        <FileArchive aria-hidden="true" />
      </IconAction>
      {!isMe && !user.pendingDeletion && (
        <IconAction label={t.actions.deleteDataLabel(user.fullName)} tooltip={t.actions.deleteData} destructive onClick={() => onDeleteData({ id: user.id, name: user.fullName })}>
          <Trash2 aria-hidden="true" />
        </IconAction>
      )}
    </>
  );
}

/** « Débannir l'utilisateur » with its reason (required), for the row's user. */
function UnbanDialog({ target, onClose, onConfirm }: { target: Target | null; onClose(): void; onConfirm(target: Target, reason: string): Promise<void> }) {
  return (
    <ActionConfirmDialog
      open={target !== null}
      destructive={false}
      texts={{
        title: t.unban.title,
        description: target ? t.unban.description(target.name) : '',
        confirm: t.unban.confirm,
        pending: t.unban.pending,
        reasonLabel: t.unban.reason,
        reasonPlaceholder: t.unban.reasonPlaceholder,
        reasonRequired: t.unban.reasonRequired,
      }}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={(reason) => (target ? onConfirm(target, reason) : Promise.resolve())}
    />
  );
}
