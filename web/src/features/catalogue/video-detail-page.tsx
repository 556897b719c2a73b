import { useApolloQuery } from '@/data/hooks';
import { CircleCheck, Film, Play, Sparkles, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { useAuth } from '@/auth/auth-context';
import { PayButtons } from '@/features/commerce/pay-buttons';
import { usePayerParam } from '@/features/commerce/payer-param';
import { itemPath } from '@/features/commerce/types';
import { useCheckout } from '@/features/commerce/use-checkout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton, Skeletons } from '@/components/ui/skeleton';
import { videoDetailText } from '@/i18n/catalogue';
import { checkoutText, videoPurchaseText } from '@/i18n/commerce';
import { LessonSizes } from '@/features/player/lesson-sizes';
import { PlaybackOptions } from '@/features/player/playback-options';
import { usePlaybackChoices } from '@/features/player/playback-choices';
import { startPlaybackEarly } from '@/features/player/early-session';
import type { VideoPlayerProps } from '@/features/player/video-player';
import { ItemPage } from '../../components/states/item-page';
import { ContentCredits } from '../../components/content/content-credits';
import { HealthNotice } from '../../components/content/health-notice';
import { MediaImage } from '../../components/content/media-image';
import { PreviewOffer } from './components/preview-offer';
import { ShareButtons } from '../../components/content/share-buttons';
import { THUMB_HEIGHT, THUMB_WIDTH } from './components/video-card';
import { DescriptionSection } from './components/description-section';
import { PlayOverlayButton } from './components/play-overlay-button';
import { PlayerLoading } from './components/player-loading';
import { PriceForLife } from './components/price-for-life';
import { VideoPosterBadges } from './components/video-poster-badges';
import { formatCents, typeset } from '../../lib/format/catalogue';
import { useContentProtection } from './use-content-protection';
import { type SimilarVideo, type VideoDetail } from './operations/video-detail';
import { useVideoPageMeta } from './item-page-meta';
import { VideoMissing } from './item-preview';
import { ItemReviews } from '@/features/reviews/item-reviews';
import { RatingSummary } from '../../components/content/rating-summary';
import { LoadingRegion } from '@/components/states/loading-region';
import { cn } from '@/lib/utils';
import VIDEO_DETAIL_QUERY from './operations/video-detail-page.query.graphql';

const t = videoDetailText;

// hls.js and the player are their own chunk (~190 kB gzip), fetched as soon as the page shows a
// lesson that can be played (VideoStage), or when a finger or pointer reaches the play button.
const loadPlayer = () => import('@/features/player/video-player');
const VideoPlayer = lazy(loadPlayer);
// « Télécharger pour regarder hors ligne »: a buyer's, its own chunk.
const OfflineDownload = lazy(() => import('@/features/offline-lessons/offline-download'));

/**
 * A video's page (/videos/:id and /video/:id; ids are uuids, an unknown one says so). Pressing
 * play on the thumbnail swaps in the player: the whole video for its buyers (and administrators),
 * the free preview for everyone else, then the purchase at the preview's end.
 */
export default function VideoDetailPage() {
  const { id = '' } = useParams();
  useContentProtection();
  const query = useApolloQuery(VIDEO_DETAIL_QUERY, {
    variables: { id },
    fetchPolicy: fetchPolicies.catalogue,
  });
  const video = query.data?.video;
  useVideoPageMeta(id, video, Boolean(query.data));
  // The player's chunk comes alongside the video's data, not after it (VideoStage shows the player
  // then), and so does a signed-in viewer's playback session.
  useEffect(() => void loadPlayer().catch(() => undefined), []);
  useEffect(() => startPlaybackEarly(id), [id]);

  return (
    <ItemPage
      back={{ to: paths.home(), label: t.back }}
      item={video}
      query={query}
      skeleton={<VideoDetailSkeleton />}
      missing={<VideoMissing />}
    >
      {(video) => <VideoDetailView key={video.id} video={video} />}
    </ItemPage>
  );
}

function VideoDetailView({ video }: { video: VideoDetail }) {
  const [playing, setPlaying] = useState(false);
  const { dataSaver, audioOnly, setDataSaver, setAudioOnly } = usePlaybackChoices();
  const checkout = useCheckout();
  const { isAdmin } = useAuth();
  // Administrators play the whole video too (the server decides; this only words the button).
  const fullAccess = video.purchased || isAdmin;
  const buy = (method: Parameters<typeof checkout.pay>[1]) =>
    checkout.pay({ id: video.id, type: 'VIDEO', title: video.title, priceCents: video.priceCents, purchased: video.purchased, path: itemPath('VIDEO', video.id) }, method);
  const purchaseOffer: VideoPlayerProps['purchaseOffer'] = (reason) => <PreviewOffer reason={reason} priceCents={video.priceCents} onPay={buy} />;
  // Back from /auth after choosing a method at the end of the preview (or a tap before the page
  // ran): ?payer= opens that method's payment dialog.
  usePayerParam(buy);
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <article className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <VideoStage
          video={video}
          playing={playing}
          fullAccess={fullAccess}
          dataSaver={dataSaver}
          audioOnly={audioOnly}
          onPlay={() => setPlaying(true)}
          onDataSaver={setDataSaver}
          onAudioOnly={setAudioOnly}
          purchaseOffer={purchaseOffer}
        />

        <header className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="accent">{video.categoryLabel}</Badge>
            <RatingSummary average={video.ratingAverage} count={video.ratingCount} className="text-sm text-muted-foreground" />
          </div>
          <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl" data-testid="video-title">
            {typeset(video.title)}
          </h1>
          <ContentCredits credits={video} />
          <div className="flex flex-wrap items-center justify-between gap-4">
            {video.presenter ? (
              <div className="flex items-center gap-3" data-testid="presenter">
                <MediaImage
                  src={video.presenter.photoUrl}
                  width={96}
                  height={96}
                  sizes="48px"
                  className="size-12 shrink-0 rounded-full"
                  fallback={<UserRound className="size-6" />}
                />
                <div>
                  <p className="text-xs text-muted-foreground">{t.presentedBy}</p>
                  <p className="font-semibold">{video.presenter.name}</p>
                  {video.presenter.title && <p className="text-sm text-muted-foreground">{video.presenter.title}</p>}
                </div>
              </div>
            ) : null}
            <ShareButtons path={paths.video(video.id)} title={video.title} extended />
          </div>
        </header>

        <HealthNotice />

        <DescriptionSection id="description-title" title={t.descriptionTitle} text={video.description} />

        <LearnItems items={video.learnItems} />

        <ItemReviews itemId={video.id} kind="video" owned={video.purchased} />
      </article>

      <aside className="flex flex-col gap-6">
        <VideoPurchaseCard video={video} onWatch={() => setPlaying(true)} onPay={buy} />

        <SimilarVideos videos={video.similarVideos} />
      </aside>
      {checkout.dialog}
    </div>
  );
}

/** The player once asked for, else the poster and its play button; the lesson's sizes and the playback options (remembered per device) under it. */
function VideoStage({
  video,
  playing,
  fullAccess,
  dataSaver,
  audioOnly,
  onPlay,
  onDataSaver,
  onAudioOnly,
  purchaseOffer,
}: {
  video: VideoDetail;
  playing: boolean;
  fullAccess: boolean;
  dataSaver: boolean;
  audioOnly: boolean;
  onPlay(): void;
  onDataSaver(on: boolean): void;
  onAudioOnly(on: boolean): void;
  purchaseOffer: VideoPlayerProps['purchaseOffer'];
}) {
  // 'Regarder la vidéo' in the side panel sits below the player on a phone: bring the player into view.
  const playerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (playing) playerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [playing]);
  // A lesson that can be played (its ladder is made) has its player on the page from the start,
  // hidden under the poster: the player's chunk, the session, the playlists, the key and the first
  // segment come while the viewer reads, and the press only starts decoding.
  const primed = video.renditions.length > 0;
  return (
    <div className="flex flex-col gap-3">
      {(playing || primed) && (
        <div ref={playerRef} className={playing ? undefined : 'hidden'}>
          <Suspense fallback={playing ? <PlayerLoading /> : null}>
            <VideoPlayer
              videoId={video.id}
              title={video.title}
              posterUrl={video.thumbnailUrl}
              purchased={video.purchased}
              dataSaver={dataSaver}
              audioOnly={audioOnly}
              started={playing}
              purchaseOffer={purchaseOffer}
            />
          </Suspense>
        </div>
      )}
      {!playing && <VideoPoster video={video} fullAccess={fullAccess} onPlay={onPlay} />}
      {video.renditions.length > 0 && (
        <>
          <LessonSizes renditions={video.renditions} dataSaver={dataSaver} audioOnly={audioOnly} />
          <PlaybackOptions renditions={video.renditions} dataSaver={dataSaver} audioOnly={audioOnly} onDataSaver={onDataSaver} onAudioOnly={onAudioOnly} />
          {video.purchased && (
            <Suspense fallback={null}>
              <OfflineDownload video={video} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}

/** The side panel: the preview badge, the price, 'Regarder la vidéo' or the payment buttons, the perks. */
function VideoPurchaseCard({ video, onWatch, onPay }: { video: VideoDetail; onWatch(): void; onPay: Parameters<typeof PayButtons>[0]['onPay'] }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6 lg:sticky lg:top-24">
      {video.hasPreview && (
        <Badge className="gap-1.5 py-1" data-testid="free-preview-badge">
          <Sparkles aria-hidden="true" />
          {t.freePreview}
        </Badge>
      )}
      <PriceForLife priceCents={video.priceCents} size="panel" />
      {video.purchased ? (
        <div className="flex flex-col gap-3 border-t pt-4" data-testid="video-owned">
          <p className="flex items-start gap-2 text-sm font-medium text-emerald-800">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {videoPurchaseText.owned}
          </p>
          <Button onClick={onWatch} data-testid="watch-video">
            <Play aria-hidden="true" />
            {videoPurchaseText.watch}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 border-t pt-4">
          <h2 className="text-sm font-semibold">{videoPurchaseText.buy}</h2>
          <PayButtons label={checkoutText.payWith} onPay={onPay} />
        </div>
      )}
      <ul className="flex flex-col gap-2.5 border-t pt-4">
        {t.perks.map((perk) => (
          <CheckItem key={perk} small className="text-sm">
            {perk}
          </CheckItem>
        ))}
      </ul>
    </Card>
  );
}

/** A ticked line of the side panel's perks (`small`) or of what the viewer learns. */
function CheckItem({ children, small, className }: { children: ReactNode; small?: boolean; className?: string }) {
  return (
    <li className={cn('flex items-start gap-2', className)}>
      <CircleCheck className={cn('mt-0.5 shrink-0 text-primary', small ? 'size-4' : 'size-5')} aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/** What the viewer learns: the video's points, each with a tick. */
function LearnItems({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="learn-title" className="rounded-xl border bg-card p-5 sm:p-6">
      <h2 id="learn-title" className="mb-4 text-lg font-bold">
        {t.learnTitle}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="learn-items">
        {items.map((item) => (
          <CheckItem key={item} className="text-sm">
            {typeset(item)}
          </CheckItem>
        ))}
      </ul>
    </section>
  );
}

/** Up to three similar videos, in the side panel. */
function SimilarVideos({ videos }: { videos: SimilarVideo[] }) {
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="flex flex-col gap-3">
      <h2 id="similar-title" className="text-lg font-bold">
        {t.similarTitle}
      </h2>
      <ul className="flex flex-col gap-3" data-testid="similar-videos">
        {videos.slice(0, 3).map((similar) => (
          <li key={similar.id}>
            <SimilarVideoLink video={similar} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The poster before playing: its badges and the big play button (which fetches the player's chunk on approach). */
function VideoPoster({ video, fullAccess, onPlay }: { video: VideoDetail; fullAccess: boolean; onPlay(): void }) {
  return (
    <div className="relative overflow-hidden rounded-xl border shadow-sm">
      <MediaImage
        src={video.thumbnailUrl}
        width={THUMB_WIDTH}
        height={THUMB_HEIGHT}
        sizes="(min-width: 1024px) 736px, 100vw"
        priority
        fallback={<Film className="size-14" />}
      />
      <VideoPosterBadges showPreview={video.hasPreview && !fullAccess} durationSeconds={video.durationSeconds} />
      <PlayOverlayButton label={fullAccess ? videoPurchaseText.watch : t.play} onPlay={onPlay} preload={() => void loadPlayer()} />
    </div>
  );
}

function SimilarVideoLink({ video }: { video: SimilarVideo }) {
  return (
    <Link
      to={paths.videoShort(video.id)}
      className="flex items-center gap-3 rounded-lg border bg-card p-2 shadow-sm transition-colors hover:border-primary hover:bg-accent/40"
    >
      <MediaImage
        src={video.thumbnailUrl}
        width={THUMB_WIDTH}
        height={THUMB_HEIGHT}
        sizes="112px"
        className="w-28 shrink-0 rounded-md"
        fallback={<Film className="size-6" />}
      />
      <span className="flex min-w-0 flex-col gap-1">
        <span className="line-clamp-2 text-sm leading-snug font-medium">{typeset(video.title)}</span>
        <span className="text-sm font-bold text-primary tabular-nums">{formatCents(video.priceCents)}</span>
      </span>
    </Link>
  );
}

function VideoDetailSkeleton() {
  return (
    <LoadingRegion label={t.loading} className="grid gap-8 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <Skeletons sizes={['aspect-video w-full rounded-xl', 'h-5 w-24 rounded-full', 'h-8 w-5/6']} />
        <div className="flex items-center gap-3">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-44" />
          </div>
        </div>
        <Skeletons sizes={['h-4 w-full', 'h-4 w-full', 'h-4 w-2/3']} />
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-72 w-full rounded-lg" />
      </div>
    </LoadingRegion>
  );
}
