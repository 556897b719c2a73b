import { Clock, Film } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { VideoCard_VideoFragment } from '@/generated/graphql';
import { catalogueText } from '@/i18n/catalogue';
import { formatDuration } from '@/lib/format/duration';
import { typeset } from '@/lib/format/catalogue';
import { CatalogueCardSkeleton } from '@/components/content/card-skeleton';
import { GRID_CARD_SIZES, MediaImage } from '@/components/content/media-image';
import { RatingSummary } from '@/components/content/rating-summary';
import { ShareButtons } from '@/components/content/share-buttons';
import { PriceForLife } from './price-for-life';

export type VideoCardVideo = VideoCard_VideoFragment;

/** Generated thumbnails are 640×360; any 16:9 image fills the same box. */
export const THUMB_WIDTH = 640;
export const THUMB_HEIGHT = 360;

/** `priority`: the list's first card, on screen at once. */
export function VideoCard({ video, priority = false }: { video: VideoCardVideo; priority?: boolean }) {
  const href = paths.video(video.id);
  const duration = formatDuration(video.durationSeconds);
  return (
    <Card
      className="group relative flex w-full flex-col overflow-hidden has-[h3_a:focus-visible]:ring-2 has-[h3_a:focus-visible]:ring-ring"
      data-testid="video-card"
    >
      <div className="relative">
        <MediaImage
          src={video.thumbnailUrl}
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
          sizes={GRID_CARD_SIZES}
          priority={priority}
          fallback={<Film className="size-10" />}
          className="transition-transform group-hover:scale-[1.02]"
        />
        {video.durationSeconds !== null && (
          <Badge variant="overlay" className="absolute right-2 bottom-2 tabular-nums">
            <Clock aria-hidden="true" />
            <span className="sr-only">{catalogueText.duration}</span>
            <span data-testid="video-duration">{duration}</span>
          </Badge>
        )}
        <Badge variant="accent" className="absolute top-2 left-2 bg-card/95" data-testid="video-category">
          {video.categoryLabel}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold" data-testid="video-title">
          {/* The whole card is the link's hit area; the share buttons sit above it. */}
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {typeset(video.title)}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{typeset(video.description)}</p>
        <RatingSummary average={video.ratingAverage} count={video.ratingCount} className="text-xs text-muted-foreground" />
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <PriceForLife priceCents={video.priceCents} size="card" />
          <ShareButtons path={href} title={video.title} className="relative z-10" />
        </div>
      </div>
    </Card>
  );
}

/** The card's shape while the list loads: same boxes, so nothing moves when it arrives. */
export function VideoCardSkeleton() {
  return <CatalogueCardSkeleton titleEnd="w-3/5" />;
}
