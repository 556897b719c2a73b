import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Eye, EyeOff, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { StarRating } from '@/components/content/star-rating';
import { NativeSelect } from '@/components/ui/native-select';
import { usePage } from '@/hooks/use-page';
import { formatDate } from '@/lib/format/date';
import { reviewsFr as t } from '@/i18n/admin/reviews';
import type { ReviewItemType } from '@/generated/graphql';
import { ActionConfirmDialog } from '../components/action-confirm-dialog';
import { runAction } from '../components/admin-action';
import { EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { PageHeader } from '../components/page-header';
import { PagedDataList, usePagedList } from '../components/paged-list';
import { SearchField, SearchForm } from '../components/search-field';
import { SegmentedFilter } from '../components/segmented-filter';
import { ToneBadge } from '../components/status-badge';
import { resultOf, toastSuccess } from '../lib/errors';
import { useDebounced } from '../lib/use-debounced';
import { REVIEWS_PAGE_SIZE, type AdminReview } from './operations';
import ADMIN_REVIEWS_PAGE from './graphql/admin-reviews-page.query.graphql';
import HIDE_REVIEW from './graphql/hide-review.mutation.graphql';
import UNHIDE_REVIEW from './graphql/unhide-review.mutation.graphql';

const columns: ReadonlyArray<Column<AdminReview>> = [
  {
    header: t.columns.item,
    cell: (r) => (
      <span className="block min-w-0">
        <span className="block truncate">{r.itemTitle ?? t.deletedItem}</span>
        <span className="block text-xs font-normal text-muted-foreground">{t.types[r.itemType]}</span>
      </span>
    ),
  },
  { header: t.columns.reviewer, cell: (r) => r.reviewerName },
  { header: t.columns.rating, cell: (r) => <StarRating value={r.rating} label={t.stars(r.rating)} className="[&_svg]:size-3.5" /> },
  { header: t.columns.text, cell: (r) => <span className="line-clamp-3 whitespace-normal text-muted-foreground">{r.text}</span>, className: 'max-w-md', wide: true },
  { header: t.columns.date, cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span> },
  {
    header: t.columns.status,
    cell: (r) =>
      r.hidden ? (
        <ToneBadge tone="danger" title={r.hiddenReason ?? undefined}>
          {t.hiddenBecause(r.hiddenReason ?? '')}
        </ToneBadge>
      ) : (
        <ToneBadge tone="success">{t.visible}</ToneBadge>
      ),
  },
];

type Status = 'all' | 'visible' | 'hidden';
const STATUS_OPTIONS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'all', label: t.statuses.all },
  { value: 'visible', label: t.statuses.visible },
  { value: 'hidden', label: t.statuses.hidden },
];

function useFilters() {
  const [status, setStatus] = useState<Status>('all');
  const [rating, setRating] = useState('');
  const [itemType, setItemType] = useState<ReviewItemType | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebounced(search.trim());
  const filter = { search: settled || null, hidden: status === 'all' ? null : status === 'hidden', rating: rating ? Number(rating) : null, itemType: itemType || null };
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  return { status, rating, itemType, search, page, filter, setPage, setStatus: reset(setStatus), setRating: reset(setRating), setItemType: reset(setItemType), setSearch: reset(setSearch) };
}

function Filters({ f }: { f: ReturnType<typeof useFilters> }) {
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end md:justify-between">
      <SegmentedFilter label={t.status} options={STATUS_OPTIONS} value={f.status} onChange={f.setStatus} />
      <div className="flex flex-wrap items-end gap-3">
        <NativeSelect aria-label={t.rating} value={f.rating} onChange={(e) => f.setRating(e.target.value)} className="w-44">
          <option value="">{t.allRatings}</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {t.stars(n)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label={t.itemType} value={f.itemType} onChange={(e) => f.setItemType(e.target.value as ReviewItemType | '')} className="w-44">
          <option value="">{t.allTypes}</option>
          <option value="VIDEO">{t.types.VIDEO}</option>
          <option value="PDF">{t.types.PDF}</option>
        </NativeSelect>
        <SearchForm className="md:w-72">
          <SearchField id="reviews-search" label={t.search} placeholder={t.searchPlaceholder} value={f.search} onChange={f.setSearch} />
        </SearchForm>
      </div>
    </div>
  );
}

/**
 * /admin/reviews (« Avis », issue 26 point 4): every buyer's review, hidden ones included, filtered by
 * status, rating, kind and words; an administrator hides one with a reason (its author sees it) or
 * shows it again. Both are recorded in the journal by the server.
 */
export default function AdminReviewsPage() {
  usePage(t.title);
  const f = useFilters();
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const result = useApolloQuery(ADMIN_REVIEWS_PAGE, { variables: { filter: f.filter, page: f.page, pageSize: REVIEWS_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const paged = usePagedList(result, (data) => data.adminReviews, { page: f.page, setPage: f.setPage, what: t.loadFailure });
  const [hide] = useApolloMutation(HIDE_REVIEW, { refetchQueries: ['AdminReviewsPage'] });
  const [unhide] = useApolloMutation(UNHIDE_REVIEW, { refetchQueries: ['AdminReviewsPage'] });

  const confirmHide = async (reason: string) => {
    if (!hiding) return;
    await runAction(async () => {
      resultOf((await hide({ variables: { id: hiding.id, reason } })).data, 'hideReview');
      toastSuccess(t.hidden_done);
    }, t.failure);
  };
  const show = (r: AdminReview) =>
    runAction(async () => {
      resultOf((await unhide({ variables: { id: r.id } })).data, 'unhideReview');
      toastSuccess(t.unhidden_done);
    }, t.failure);

  return (
    <div>
      <PageHeader title={t.title} subtitle={paged.list ? t.count(paged.list.total) : '\u00a0'} />
      <Filters f={f} />
      <PagedDataList
        paged={paged}
        onPage={f.setPage}
        failure={{ text: t.loadFailure, retryLabel: t.retry }}
        empty={<EmptyState icon={<MessageSquareText />} text={t.empty} />}
        label={t.title}
        columns={columns}
        actionsHeader={t.columns.status}
        actions={(r) =>
          r.hidden ? (
            <IconAction label={t.unhideLabel(r.reviewerName)} tooltip={t.unhide} onClick={() => void show(r)}>
              <Eye aria-hidden="true" />
            </IconAction>
          ) : (
            <IconAction label={t.hideLabel(r.reviewerName)} tooltip={t.hide} onClick={() => setHiding(r)}>
              <EyeOff aria-hidden="true" />
            </IconAction>
          )
        }
      />
      <ActionConfirmDialog
        open={hiding !== null}
        destructive
        texts={{ ...t.hideDialog, description: hiding ? t.hideDialog.description(hiding.reviewerName) : '' }}
        onOpenChange={(open) => !open && setHiding(null)}
        onConfirm={confirmHide}
      />
    </div>
  );
}
