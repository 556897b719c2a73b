import { useQuery } from '@/data/hooks';
import { FileQuestion, FileText, Film, Lock, LogIn, Sparkles, UserPlus, VideoOff, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { withApollo } from '@/data/with-apollo';
import { authPathReturningTo } from '@/auth/return-to';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton, Skeletons } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { catalogueText, videoDetailText } from '@/i18n/catalogue';
import { itemPreviewText as t } from '@/i18n/catalogue/item-preview';
import { HYDRATE_WITH_SESSION } from '@/lib/hydrate-when-needed';
import { LessonSizes } from '@/features/player/lesson-sizes';
import { usePlaybackChoices } from '@/features/player/playback-choices';
import { ItemPage, type ItemPageProps } from '../../components/states/item-page';
import { NotFoundState } from '../../components/states/not-found-state';
import { ContentCredits, type Credits } from '../../components/content/content-credits';
import { HealthNotice } from '../../components/content/health-notice';
import { MediaImage } from '../../components/content/media-image';
import { RatingSummary } from '../../components/content/rating-summary';
import { THUMB_HEIGHT, THUMB_WIDTH } from './components/video-card';
import { DescriptionSection } from './components/description-section';
import { PlayOverlayButton } from './components/play-overlay-button';
import { PlayerLoading } from './components/player-loading';
import { VideoPosterBadges } from './components/video-poster-badges';
import { usePdfPageMeta, useVideoPageMeta } from './item-page-meta';
import { formatCents, typeset } from '../../lib/format/catalogue';
import { LoadingRegion } from '@/components/states/loading-region';
import PDF_DETAIL_QUERY from './operations/pdf-detail-page.query.graphql';
import VIDEO_PREVIEW_QUERY from './operations/video-preview.query.graphql';

export type PreviewKind = 'video' | 'pdf';

/**
 * A video's or a guide's page seen signed out (RequireUser shows it on /videos/:id, /video/:id and
 * /pdfs/:id): what the item is, a video's free preview to play, its price and 'Connexion requise'
 * with the way to /auth and back.
 * Everything here is public data, so the server renders it (as a visitor) with the item's link
 * preview: a link shared on WhatsApp shows its title, description and thumbnail.
 * `checking`: the session is still being read; the sign-in prompt waits for the answer.
 */
export default function ItemPreview({ kind, id, checking }: { kind: PreviewKind; id: string; checking: boolean }) {
  return kind === 'video' ? <VideoPreview id={id} checking={checking} /> : <PdfPreview id={id} checking={checking} />;
}

// The visitor's player (hls.js, the player, the offer, Apollo Client) is its own chunk, fetched
// when a finger or pointer reaches the play button, as on the signed-in video page.
const loadVisitorPlayer = withApollo(() => import('./components/visitor-preview-player'));
const VisitorPreviewPlayer = lazy(loadVisitorPlayer);

function VideoPreview({ id, checking }: { id: string; checking: boolean }) {
  const query = useQuery(VIDEO_PREVIEW_QUERY, { variables: { id }, fetchPolicy: fetchPolicies.catalogue });
  // A visitor plays the free preview here (the server gives them that rendition alone).
  const [playing, setPlaying] = useState(false);
  // The visitor's player follows this device's data saver; it has no audio-only switch.
  const { dataSaver } = usePlaybackChoices();
  const video = query.data?.video;
  useVideoPageMeta(id, video, Boolean(query.data));
  return (
    <PreviewPage item={video} query={query} skeleton={<PreviewSkeleton label={videoDetailText.loading} />} missing={<VideoMissing />}>
      {(video) => (
        <PreviewBody
          image={
            playing ? (
              <Suspense fallback={<PlayerLoading />}>
                <VisitorPreviewPlayer video={video} />
              </Suspense>
            ) : (
              <div className="relative overflow-hidden rounded-xl border shadow-sm">
                <MediaImage src={video.thumbnailUrl} width={THUMB_WIDTH} height={THUMB_HEIGHT} priority alt={video.title} fallback={<Film className="size-14" />} />
                <VideoPosterBadges showPreview={video.hasPreview} durationSeconds={video.durationSeconds} />
                {/* Only once the session is known to be a visitor's: the server's page (the session
                    unknown) has none, so a signed-in viewer never taps a button their own page replaces. */}
                {video.hasPreview && !checking && (
                  <PlayOverlayButton label={videoDetailText.play} onPlay={() => setPlaying(true)} preload={() => void loadVisitorPlayer()} />
                )}
              </div>
            )
          }
          sizes={<LessonSizes renditions={video.renditions} dataSaver={dataSaver} audioOnly={false} />}
          badge={
            video.hasPreview ? (
              <Badge className="gap-1.5 self-start py-1" data-testid="free-preview-badge">
                <Sparkles aria-hidden="true" />
                {videoDetailText.freePreview}
              </Badge>
            ) : null
          }
          item={video}
          prompt={t.videoText}
          checking={checking}
        />
      )}
    </PreviewPage>
  );
}

function PdfPreview({ id, checking }: { id: string; checking: boolean }) {
  const query = useQuery(PDF_DETAIL_QUERY, { variables: { id }, fetchPolicy: fetchPolicies.catalogue });
  const pdf = query.data?.pdf;
  usePdfPageMeta(id, pdf, Boolean(query.data));
  return (
    <PreviewPage item={pdf} query={query} skeleton={<PreviewSkeleton label={t.pdfLoading} />} missing={<PdfMissing />}>
      {(pdf) => (
        <PreviewBody
          image={
            <div className="overflow-hidden rounded-xl border shadow-sm">
              <MediaImage src={pdf.illustrationUrl} width={800} height={450} priority alt={pdf.title} fallback={<FileText className="size-14" />} />
            </div>
          }
          item={pdf}
          prompt={t.pdfText}
          checking={checking}
        />
      )}
    </PreviewPage>
  );
}

export function PdfMissing() {
  return (
    <Missing Icon={FileQuestion} title={t.pdfNotFoundTitle} text={t.pdfNotFoundText} link={{ to: paths.pdfs(), label: t.allPdfs }} />
  );
}

/** A preview's page: back to the home, whichever the item. */
function PreviewPage<T>(props: Omit<ItemPageProps<T>, 'back'>) {
  return <ItemPage {...props} back={{ to: paths.home(), label: videoDetailText.back }} data-testid="item-preview" />;
}

/** What a preview shows of a video or a guide. */
type PreviewItem = Credits & {
  categoryLabel: string;
  ratingAverage: number | null;
  ratingCount: number;
  title: string;
  description: string;
  priceCents: number;
};

function PreviewBody(props: {
  image: ReactNode;
  /** Under the image: a lesson's size before pressing play. */
  sizes?: ReactNode;
  /** Above the price: 'Aperçu gratuit disponible' for a video that has one. */
  badge?: ReactNode;
  /** What the page says of the item: its reviews' average and count (nothing shown when none), « Par », « Relu par », « Mis à jour le ». */
  item: PreviewItem;
  prompt: string;
  checking: boolean;
}) {
  const { item } = props;
  const location = useLocation();
  const signUp = new URLSearchParams({ tab: 'signup' });
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <article className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <div className="flex flex-col gap-3">
          {props.image}
          {props.sizes}
        </div>
        <header className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="accent">{item.categoryLabel}</Badge>
            <RatingSummary average={item.ratingAverage} count={item.ratingCount} className="text-sm text-muted-foreground" />
          </div>
          <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{typeset(item.title)}</h1>
          <ContentCredits credits={item} />
        </header>
        <HealthNotice />
        <DescriptionSection id="preview-description" title={t.descriptionTitle} text={item.description} />
      </article>
      <aside>
        <Card className="flex flex-col gap-4 p-5 sm:p-6 lg:sticky lg:top-24" data-testid="sign-in-required">
          {props.badge}
          <div>
            <p className="text-sm text-muted-foreground">{t.price}</p>
            <p className="text-3xl font-extrabold text-primary tabular-nums" data-testid="preview-price">
              {formatCents(item.priceCents)}
            </p>
            <p className="text-sm text-muted-foreground">{catalogueText.lifetimeAccess}</p>
          </div>
          {/* The prompt's place is kept while the session is read: nothing moves when it appears. */}
          <div className="flex min-h-44 flex-col gap-3 border-t pt-4" {...(props.checking ? { [HYDRATE_WITH_SESSION]: '' } : {})}>
            {props.checking ? (
              <Spinner label={t.checking} className="m-auto" />
            ) : (
              <>
                <h2 className="flex items-center gap-2 text-lg font-bold">
                  <Lock className="size-5 text-primary" aria-hidden="true" />
                  {t.signInRequired}
                </h2>
                <p className="text-sm text-muted-foreground">{props.prompt}</p>
                <Button asChild>
                  <Link to={authPathReturningTo(location)} data-testid="preview-sign-in">
                    <LogIn aria-hidden="true" />
                    {t.signIn}
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={authPathReturningTo(location, signUp)}>
                    <UserPlus aria-hidden="true" />
                    {t.signUp}
                  </Link>
                </Button>
              </>
            )}
          </div>
        </Card>
      </aside>
    </div>
  );
}

/** An unknown id: said in the item's words, with the way to its list. */
function Missing({ Icon, title, text, link }: { Icon: LucideIcon; title: string; text: string; link: { to: string; label: string } }) {
  return (
    <NotFoundState Icon={Icon} title={title} text={text} className="mx-auto max-w-md">
      <Button asChild>
        <Link to={link.to}>{link.label}</Link>
      </Button>
    </NotFoundState>
  );
}

export function VideoMissing() {
  return <Missing Icon={VideoOff} title={videoDetailText.notFoundTitle} text={videoDetailText.notFoundText} link={{ to: paths.videos(), label: videoDetailText.allVideos }} />;
}

export function PreviewSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="grid gap-8 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <Skeletons sizes={['aspect-video w-full rounded-xl', 'h-5 w-24 rounded-full', 'h-8 w-5/6', 'h-4 w-full', 'h-4 w-2/3']} />
      </div>
      <Skeleton className="h-72 w-full rounded-lg" />
    </LoadingRegion>
  );
}
