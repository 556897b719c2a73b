import { BookOpen, PlayCircle } from 'lucide-react';
import { paths } from '@/app/route-manifest';
import { Skeleton } from '@/components/ui/skeleton';
import { homeText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { LinkButton } from '@/components/ui/link-button';

/** A line box of the real text's height (`box`), a bar inside (`bar`). */
function SkeletonLine({ box, bar }: { box: string; bar: string }) {
  return (
    <div className={box}>
      <Skeleton className={bar} />
    </div>
  );
}

/** The stored hero text may differ from the default: its place is held rather than the wrong one flashed. */
function HeroSkeleton() {
  return (
    <div className="flex w-full flex-col items-center gap-6" aria-busy="true">
      <h1 className="sr-only">{homeText.heroLoading}</h1>
      {/* Line boxes of the real text's height (two lines on a phone, one above), bars inside. */}
      <div className="flex w-full max-w-3xl flex-col items-center" aria-hidden="true">
        <SkeletonLine box="flex h-10 w-11/12 items-center sm:h-12 sm:w-3/4" bar="h-8 w-full sm:h-10" />
        <SkeletonLine box="flex h-10 w-2/3 items-center sm:hidden" bar="h-8 w-full" />
      </div>
      <div className="flex w-full max-w-2xl flex-col items-center" aria-hidden="true">
        <SkeletonLine box="flex h-7 w-full items-center sm:w-4/5" bar="h-5 w-full" />
        <SkeletonLine box="flex h-7 w-1/2 items-center sm:hidden" bar="h-5 w-full" />
      </div>
    </div>
  );
}

/** The home's first band: the administrator's title and subtitle, and the way to the videos and the PDFs. */
export function HeroSection({ loading, title, subtitle }: { loading: boolean; title: string; subtitle: string }) {
  return (
    <section className="bg-gradient-to-br from-primary/15 via-background to-secondary">
      <div className="container-page flex flex-col items-center gap-6 py-16 text-center sm:py-24">
        {loading ? (
          <HeroSkeleton />
        ) : (
          <>
            <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl" data-testid="hero-title">
              {title}
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground text-balance">{subtitle}</p>
          </>
        )}
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <LinkButton to={paths.videos()} icon={<PlayCircle aria-hidden="true" />} size="lg">
            {fr.home.heroVideos}
          </LinkButton>
          <LinkButton to={paths.pdfs()} icon={<BookOpen aria-hidden="true" />} size="lg" variant="outline">
            {fr.home.heroPdfs}
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
