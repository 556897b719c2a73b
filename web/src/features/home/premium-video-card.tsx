import { Clock, Crown, Film, Infinity as InfinityIcon, PlayCircle } from 'lucide-react';
import { paths } from '@/app/route-manifest';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton, Skeletons } from '@/components/ui/skeleton';
import type { PremiumVideoCard_VideoFragment } from '@/generated/graphql';
import { catalogueText, homeText } from '@/i18n/catalogue';
import { formatDuration } from '@/lib/format/duration';
import { formatCents, typeset } from '../../lib/format/catalogue';
import { MediaImage } from '../../components/content/media-image';
import { LinkButton } from '@/components/ui/link-button';

export type PremiumVideoCardVideo = PremiumVideoCard_VideoFragment;

/** The home's latest video, labelled 'Vidéo Premium': title, description, m:ss, price, lifetime access. */
export function PremiumVideoCard({ video }: { video: PremiumVideoCardVideo }) {
  return (
    <Card className="grid overflow-hidden md:grid-cols-2" data-testid="premium-video">
      {/* The whole 16:9 picture (thumbnails carry the title): centred beside the text, never cropped. */}
      {/* The home's one image: fetched at once, first. Full width on a phone, half of the 56rem card from md. */}
      <MediaImage
        src={video.thumbnailUrl}
        width={640}
        height={360}
        sizes="(min-width: 768px) 448px, 100vw"
        priority
        fallback={<Film className="size-12" />}
        className="md:self-center"
      />
      <div className="flex flex-col gap-3 p-5 sm:p-6">
        <Badge className="gap-1.5">
          <Crown aria-hidden="true" />
          {homeText.premiumBadge}
        </Badge>
        <h3 className="text-xl font-bold text-balance sm:text-2xl">{typeset(video.title)}</h3>
        <p className="line-clamp-3 text-sm text-muted-foreground sm:text-base">{typeset(video.description)}</p>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" />
            <span className="sr-only">{catalogueText.duration}</span>
            <span className="tabular-nums">{formatDuration(video.durationSeconds)}</span>
          </li>
          <li className="flex items-center gap-1.5">
            <InfinityIcon className="size-4" aria-hidden="true" />
            {catalogueText.lifetimeAccess}
          </li>
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <p className="text-3xl font-extrabold text-primary tabular-nums" data-testid="premium-price">
            {formatCents(video.priceCents)}
          </p>
          <LinkButton to={paths.video(video.id)} icon={<PlayCircle aria-hidden="true" />}>
            {homeText.watch}
          </LinkButton>
        </div>
      </div>
    </Card>
  );
}

export function PremiumVideoCardSkeleton() {
  return (
    <Card className="grid overflow-hidden md:grid-cols-2">
      <Skeleton className="aspect-video rounded-none md:self-center" />
      <div className="flex flex-col gap-3 p-5 sm:p-6">
        <Skeletons sizes={['h-5 w-28 rounded-full', 'h-7 w-5/6', 'h-4 w-full', 'h-4 w-full', 'h-4 w-1/2', 'h-5 w-40']} />
        <div className="flex items-center justify-between pt-2">
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-10 w-40" />
        </div>
      </div>
    </Card>
  );
}
