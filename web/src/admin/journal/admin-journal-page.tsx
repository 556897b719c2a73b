import { useApolloQuery } from '@/data/hooks';
import { ScrollText } from 'lucide-react';
import { usePage } from '@/hooks/use-page';
import { cn } from '@/lib/utils';
import { adminFr } from '@/i18n/admin';
import { type Column } from '../components/data-list';
import { dateTimeColumn } from '../components/date-time-column';
import { EnumFilter, FilterBar, type FilterChange } from '../components/filter-bar';
import { ExportButton } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { FilteredPagedList, type PagedList } from '../components/paged-list';
import { useFilteredPagedList } from '../components/use-filtered-paged-list';
import { DatesSearchReset } from '../components/search-field';
import { JournalDetails } from './journal-details';
import { JOURNAL_PAGE_SIZE, type JournalChoices, type JournalEntry, type JournalPage } from './operations';
import ADMIN_JOURNAL_FILTERS from './graphql/admin-journal-filters.query.graphql';
import ADMIN_JOURNAL from './graphql/admin-journal.query.graphql';
import EXPORT_ADMIN_JOURNAL_CSV from './graphql/export-admin-journal-csv.query.graphql';

const t = adminFr.journal;

const columns: ReadonlyArray<Column<JournalEntry>> = ([
  dateTimeColumn(t.columns.date, (e) => e.occurredAt),
  {
    header: t.columns.actor,
    cell: (e) =>
      e.actorId ? (
        <span className="block max-w-48 min-w-0 max-md:max-w-full" title={e.actorEmail ?? undefined}>
          <span className="block truncate">{e.actorName ?? e.actorId}</span>
          <span className="block truncate text-xs text-muted-foreground">{e.origin === 'INTEGRATION' ? t.integration : e.actorEmail}</span>
        </span>
      ) : (
        <span className="text-muted-foreground">{t.commandLine}</span>
      ),
  },
  {
    header: t.columns.origin,
    // The IP and browser the gateway forwarded; from the command line, the command and its machine.
    cell: (e) => (
      <span className="block max-w-44 min-w-0 max-md:max-w-full" title={e.userAgent ?? undefined}>
        <span className="block truncate tabular-nums">{e.origin === 'COMMAND_LINE' ? e.userAgent : (e.ip ?? t.noIp)}</span>
        {e.origin !== 'COMMAND_LINE' && <span className="block truncate text-xs text-muted-foreground">{e.userAgent}</span>}
      </span>
    ),
  },
  {
    header: t.columns.action,
    cell: (e) => (
      <span className="block min-w-0">
        <span className="block break-words">{e.actionLabel}</span>
        <span className="block text-xs text-muted-foreground">{e.service}</span>
      </span>
    ),
  },
  {
    header: t.columns.target,
    wide: true,
    cell: (e) => (
      <span className="block max-w-64 min-w-0 max-md:max-w-full">
        <span className="block text-xs text-muted-foreground">{e.targetTypeLabel}</span>
        <span className="line-clamp-2 break-words" title={e.targetId}>
          {e.targetLabel ?? e.targetId}
        </span>
      </span>
    ),
  },
  { header: t.columns.details, wide: true, cell: (e) => <JournalDetails details={e.details} /> },
] satisfies Column<JournalEntry>[]).map((column: Column<JournalEntry>) => ({ ...column, className: cn('px-3 align-top', column.className) }));

type Filters = { actor: string; action: string; targetType: string; from: string; to: string; search: string };

const NO_FILTERS: Filters = { actor: '', action: '', targetType: '', from: '', to: '', search: '' };

/** « 5 ans », or a number of days when it is not whole years. */
function retention(days: number): string {
  return days % 365 === 0 ? t.years(days / 365) : t.days(days);
}

/**
 * /admin/journal (issue 23 §6): every administrator's action, newest first, filtered by who, what,
 * on what, dates and a search; each row says who, when, from where (IP and browser), what and on
 * what, its changes folded. Read-only: there is nothing to edit or delete, here or on the server.
 * 'Exporter' saves the filtered journal as admin-journal.csv.
 */
export default function AdminJournalPage() {
  usePage(adminFr.nav.journal);
  const { setPage, filters, change, filtered, reset, paged, exportCsv, exporting } = useFilteredPagedList(NO_FILTERS, ADMIN_JOURNAL, (data) => data.adminJournal, {
    pageSize: JOURNAL_PAGE_SIZE,
    what: t.loadFailure,
    csv: { query: EXPORT_ADMIN_JOURNAL_CSV, field: 'exportAdminJournalCsv', fileName: t.exportFile },
  });
  const choices = useApolloQuery(ADMIN_JOURNAL_FILTERS, { fetchPolicy: 'cache-and-network' }).data?.adminJournalFilters;

  return (
    <div>
      <PageHeader
        title={adminFr.nav.journal}
        subtitle={paged.list ? `${t.count(paged.list.total)} · ${t.subtitle}` : '\u00a0'}
        actions={<ExportButton exporting={exporting} onExport={() => void exportCsv()} />}
      />
      <JournalFilters filters={filters} choices={choices} change={change} filtered={filtered} reset={reset} />
      <JournalList paged={paged} filtered={filtered} onReset={reset} onPage={setPage} />
      {paged.list && <p className="mt-4 text-xs text-muted-foreground">{t.readOnly(retention(paged.list.retentionDays))}</p>}
    </div>
  );
}

function JournalList({ paged, filtered, onReset, onPage }: { paged: PagedList<JournalPage>; filtered: boolean; onReset(): void; onPage(page: number): void }) {
  return (
    <FilteredPagedList paged={paged} onPage={onPage} filtered={filtered} onReset={onReset} icon={<ScrollText />} text={t} label={adminFr.nav.journal} columns={columns} />
  );
}

/** The choices of one filter as EnumFilter takes them: the values, and each one's label. */
function options(list: ReadonlyArray<{ value: string; label: string }> | undefined) {
  const labels = new Map((list ?? []).map((c) => [c.value, c.label]));
  return { values: [...labels.keys()], nameOf: (value: string) => labels.get(value) ?? value };
}

/** Administrator, action, target type, a date range and a search, with 'Effacer les filtres' once one is set. */
function JournalFilters({
  filters,
  choices,
  change,
  filtered,
  reset,
}: {
  filters: Filters;
  choices: JournalChoices | undefined;
  change: FilterChange<Filters>;
  filtered: boolean;
  reset(): void;
}) {
  return (
    <FilterBar label={t.filters} className="md:grid-cols-3 xl:grid-cols-[repeat(3,minmax(0,12rem))_repeat(2,minmax(0,9.5rem))_minmax(10rem,1fr)_auto] xl:items-end">
      <EnumFilter id="journal-actor" label={t.filterActor} allLabel={t.all} {...options(choices?.actors)} value={filters.actor} onChange={(v) => change('actor', v)} />
      <EnumFilter id="journal-action" label={t.filterAction} allLabel={t.allActions} {...options(choices?.actions)} value={filters.action} onChange={(v) => change('action', v)} />
      <EnumFilter id="journal-target" label={t.filterTarget} allLabel={t.all} {...options(choices?.targetTypes)} value={filters.targetType} onChange={(v) => change('targetType', v)} />
      <DatesSearchReset idPrefix="journal" text={t} filters={filters} change={change} filtered={filtered} reset={reset} />
    </FilterBar>
  );
}
