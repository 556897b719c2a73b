import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useApolloQuery } from '@/data/hooks';
import { lazyPart } from '@/components/lazy-part';
import { RatingSummary } from '@/components/content/rating-summary';
import { StarRating } from '@/components/content/star-rating';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { reviewsText as t } from '@/i18n/catalogue';
import { formatDate } from '@/lib/format/date';
import { type ReviewListItem } from './operations';
import ITEM_REVIEWS_QUERY from './graphql/item-reviews.query.graphql';

/** Reviews shown at first, and added by each « Voir plus d'avis ». */
const PAGE = 5;

// The buyers' form is its own chunk: most readers of a page never write a review.
const ReviewForm = lazyPart(() => import('./review-form'));

/**
 * « Avis des acheteurs » on a video's or a guide's page: the average and count, the visible
 * reviews (first name and initial), and « Donner mon avis » for its owners. Nothing when it has no
 * review and the reader does not own it.
 */
export function ItemReviews({ itemId, kind, owned }: { itemId: string; kind: 'video' | 'pdf'; owned: boolean }) {
  const [first, setFirst] = useState(PAGE);
  const { data, loading } = useApolloQuery(ITEM_REVIEWS_QUERY, { variables: { id: itemId, video: kind === 'video', first }, fetchPolicy: 'cache-and-network' });
  const item = kind === 'video' ? data?.video : data?.pdf;
  const reviews = item?.reviews.items ?? [];
  if (!owned && !reviews.length) return null;
  return (
    <section id="avis" aria-labelledby="reviews-title" className="flex scroll-mt-20 flex-col gap-4 rounded-xl border bg-card p-5 sm:p-6" data-testid="item-reviews">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reviews-title" className="flex items-center gap-2 text-lg font-bold">
          <MessageSquareText className="size-5 text-primary" aria-hidden="true" />
          {t.sectionTitle}
        </h2>
        {item && <RatingSummary average={item.ratingAverage} count={item.ratingCount} className="text-sm text-muted-foreground" />}
      </div>
      {owned && <ReviewForm itemId={itemId} fallback={<Skeleton className="h-40 w-full" />} />}
      {loading && !data ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t.loading}
        </p>
      ) : (
        <ul className="flex flex-col divide-y" data-testid="review-list">
          {reviews.map((r) => (
            <ReviewEntry key={r.id} review={r} />
          ))}
        </ul>
      )}
      {item?.reviews.hasNextPage && (
        <Button variant="outline" className="self-start" onClick={() => setFirst((n) => n + PAGE)}>
          {t.more}
        </Button>
      )}
    </section>
  );
}

function ReviewEntry({ review }: { review: ReviewListItem }) {
  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} label={t.star(review.rating)} />
        <span className="text-sm font-semibold">{review.reviewerName}</span>
        <span className="text-xs text-emerald-800">{t.verifiedBuyer}</span>
        <span className="text-xs text-muted-foreground">
          {formatDate(review.createdAt)}
          {review.edited ? ` · ${t.edited}` : ''}
        </span>
      </div>
      {review.text && <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{review.text}</p>}
    </li>
  );
}
