import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { formatDay, formatUsdCents, formatXaf } from '../lib/money';
import { NativeSelect } from '@/components/ui/native-select';
import { ToneBadge } from '../components/status-badge';
import { DataList, type Column } from '../components/data-list';
import { FilterField } from '../components/filter-bar';
import { useSidebar } from '../sidebar-context';
import type { AdminUserRow, SortDirection, UserSort } from './operations';
import { USER_SORTS } from './use-users-url-state';
import { usersFr } from '@/i18n/admin/users';

const t = usersFr;

interface UserColumn extends Column<AdminUserRow> {
  sort: UserSort;
}

/** A figure from commerce or messaging: a dash when that service did not answer (never a made-up 0). */
function orDash(value: number | null | undefined, format: (n: number) => ReactNode = String): ReactNode {
  return value === null || value === undefined ? '—' : format(value);
}

export function UserStatusBadge({ user }: { user: AdminUserRow }) {
  const state = !user.isBanned ? (
    <ToneBadge tone="success" data-status="active">
      {t.active}
    </ToneBadge>
  ) : (
    <span title={user.ban ? t.bannedSince(formatDay(user.ban.bannedAt), user.ban.reason || '—') : undefined}>
      <ToneBadge tone="danger" data-status="banned">
        {t.banned}
      </ToneBadge>
    </span>
  );
  if (!user.pendingDeletion) return state;
  return (
    <span className="flex flex-wrap gap-1">
      {state}
      <ToneBadge tone="warning" data-status="deletion-pending">
        {t.deletionOn(formatDay(user.pendingDeletion.scheduledFor))}
      </ToneBadge>
    </span>
  );
}

const wholeNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

const columns: readonly UserColumn[] = [
  {
    header: t.columns.name,
    sort: 'NAME',
    className: 'min-w-32',
    cell: (user) => (
      <span className="min-w-0">
        <span className="block break-words">{user.fullName}</span>
        {!!user.unreadMessageCount && (
          <span className="block text-xs font-normal text-muted-foreground" data-testid="user-unread">
            {t.unread(user.unreadMessageCount)}
          </span>
        )}
      </span>
    ),
  },
  {
    header: t.columns.email,
    sort: 'EMAIL',
    wide: true,
    cell: (user) => (
      <span className="block break-all md:max-w-44 md:truncate md:break-normal" title={user.email ?? undefined}>
        {user.email ?? '—'}
      </span>
    ),
  },
  { header: t.columns.phone, sort: 'PHONE', cell: (user) => <span className="whitespace-nowrap">{user.phone ?? '—'}</span> },
  { header: t.columns.createdAt, sort: 'CREATED_AT', cell: (user) => <span className="whitespace-nowrap">{formatDay(user.createdAt)}</span> },
  { header: t.columns.purchases, sort: 'PURCHASES', numeric: true, cell: (user) => orDash(user.purchaseCount) },
  {
    header: t.columns.totalSpent,
    sort: 'TOTAL_SPENT',
    numeric: true,
    // One currency on screen (FCFA, named by the header); the whole amount and the dollars on hover.
    cell: (user) =>
      user.totalSpent ? (
        <span className="whitespace-nowrap" title={`${formatXaf(user.totalSpent.xaf)} (${formatUsdCents(user.totalSpent.usdCents)})`}>
          {wholeNumber.format(user.totalSpent.xaf)}
        </span>
      ) : (
        '—'
      ),
  },
  { header: t.columns.status, sort: 'STATUS', cell: (user) => <UserStatusBadge user={user} /> },
];

function SortIcon({ active, direction }: { active: boolean; direction: SortDirection }) {
  if (!active) return <ArrowUpDown aria-hidden="true" className="mb-0.5 size-3.5 shrink-0 opacity-50" />;
  return direction === 'ASC' ? <ArrowUp aria-hidden="true" className="mb-0.5 size-3.5 shrink-0" /> : <ArrowDown aria-hidden="true" className="mb-0.5 size-3.5 shrink-0" />;
}

/**
 * On a phone the cards have no headers: the sort is a pair of selects above them, side by side
 * where « Date d'inscription » fits whole beside the order, one above the other on a narrow phone.
 */
function MobileSort({ sort, direction, onSort }: { sort: UserSort; direction: SortDirection; onSort(sort: UserSort, direction?: SortDirection): void }) {
  return (
    <div className="@container mb-3">
      <div className="grid grid-cols-1 gap-2 @sm:grid-cols-[minmax(0,1fr)_auto]">
        <FilterField id="users-sort" label={t.sortBy}>
          <NativeSelect id="users-sort" value={sort} onChange={(e) => onSort(e.target.value as UserSort)}>
            {USER_SORTS.map((value) => (
              <option key={value} value={value}>
                {t.sortNames[value]}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField id="users-sort-direction" label={t.sortDirection}>
          <NativeSelect id="users-sort-direction" value={direction} onChange={(e) => onSort(sort, e.target.value as SortDirection)}>
            <option value="ASC">{t.sortAsc}</option>
            <option value="DESC">{t.sortDesc}</option>
          </NativeSelect>
        </FilterField>
      </div>
    </div>
  );
}

/**
 * The users table: headers that sort on the server (aria-sort on the sorted one), rows with the
 * actions; under 768 px the shared cards (ui/data-list) with the sort as selects.
 */
export function UsersTable({
  rows,
  sort,
  direction,
  onSort,
  actions,
  busy,
}: {
  rows: readonly AdminUserRow[];
  sort: UserSort;
  direction: SortDirection;
  onSort(sort: UserSort, direction?: SortDirection): void;
  actions(user: AdminUserRow): ReactNode;
  /** A new page/search/sort is on its way: the rows on screen are the previous ones. */
  busy: boolean;
}) {
  const { isMobile } = useSidebar();
  if (isMobile) {
    return (
      <div aria-busy={busy} className={cn(busy && 'opacity-60 transition-opacity')}>
        <MobileSort sort={sort} direction={direction} onSort={onSort} />
        <DataList label={t.title} rows={rows} columns={columns} rowKey={(user) => user.id} actionsHeader={t.columns.actions} actions={actions} />
      </div>
    );
  }
  return (
    <div className={cn('overflow-x-auto rounded-lg border bg-card shadow-sm', busy && 'opacity-60 transition-opacity')} aria-busy={busy}>
      <table className="w-full text-sm" aria-label={t.title}>
        <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => {
              const active = column.sort === sort;
              return (
                <th
                  key={column.header}
                  scope="col"
                  aria-sort={active ? (direction === 'ASC' ? 'ascending' : 'descending') : undefined}
                  className={cn('px-2.5 py-2 align-bottom font-medium', column.numeric && 'text-right', column.className)}
                >
                  <button
                    type="button"
                    className={cn(
                      '-mx-1 inline-flex items-end gap-1 rounded px-1 py-1 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                      column.numeric ? 'text-right' : 'text-left',
                      active && 'text-foreground',
                    )}
                    title={t.sortLabel(column.header)}
                    onClick={() => onSort(column.sort)}
                  >
                    <span>{column.header}</span>
                    <SortIcon active={active} direction={direction} />
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-2.5 py-2 text-right align-bottom font-medium">
              {t.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr key={user.id} className="border-b last:border-0 hover:bg-muted/30" data-testid="data-row" data-key={user.id}>
              {columns.map((column, index) => (
                <td key={column.header} className={cn('px-2.5 py-3 align-middle', column.numeric && 'text-right tabular-nums', index === 0 && 'font-medium', column.className)}>
                  {column.cell(user)}
                </td>
              ))}
              <td className="px-2 py-2 text-right whitespace-nowrap">
                <div className="inline-flex gap-1">{actions(user)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
