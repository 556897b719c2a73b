import { useQuery, useSubscription } from '@/data/hooks';
import { ArrowRight, BookOpen, CircleCheck, Eye, Newspaper, PlayCircle, Users } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { useAuth } from '@/auth/auth-context';
import { PayButtons } from '@/features/commerce/pay-buttons';
import { usePayerParam } from '@/features/commerce/payer-param';
import type { PaymentMethod } from '@/features/commerce/types';
import { useCheckout } from '@/features/commerce/use-checkout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { usePage } from '@/hooks/use-page';
import { homeText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { HYDRATE_ON_VIEW } from '@/lib/hydrate-when-needed';
import { PremiumVideoCard, PremiumVideoCardSkeleton } from './premium-video-card';
import { TestimonialCard } from './testimonial-card';
import { HOME_COUNTERS_QUERY, HOME_LIVE_COUNTERS, HOME_PAGE_QUERY } from './operations';

/** `value` null: the counters could not be read (analytics unreachable), said discreetly. */
function Counter({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string | null; testId: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent text-primary">{icon}</span>
      <div>
        {value === null ? (
          <p className="flex h-9 items-center text-base text-muted-foreground" data-testid={testId} data-unavailable="true">
            {homeText.counterUnavailable}
          </p>
        ) : (
          <p className="text-3xl font-bold tabular-nums" data-testid={testId} aria-live="polite">
            {value}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{label}</p>
      </div>
    </Card>
  );
}

export default function HomePage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // One query per subgraph (operations/home.ts): if one is unreachable, what the other serves
  // still shows. Spec §8: home loading failures are only logged, no message is shown; the
  // counters alone say they are unavailable rather than show a dash that looks like a value.
  // The latest video's `purchased` is the viewer's: asked again once someone is signed in.
  const query = useQuery(HOME_PAGE_QUERY, { fetchPolicy: fetchPolicies.catalogue, errorPolicy: 'all', viewerDependent: true });
  const countersQuery = useQuery(HOME_COUNTERS_QUERY, { fetchPolicy: fetchPolicies.liveCounters, errorPolicy: 'all' });
  // The counters are four sections down: their live updates start when they come near the screen.
  const countersSection = useRef<HTMLElement>(null);
  const countersNear = useNearViewport(countersSection);
  const live = useSubscription(HOME_LIVE_COUNTERS, { skip: !countersNear });
  const data = query.data;
  const counters = live.data?.liveCounters ?? countersQuery.data?.liveCounters;
  const countersUnavailable = !counters && !countersQuery.loading && !!countersQuery.error;
  const loading = query.loading && !data;

  useEffect(() => {
    if (query.error) console.error('home: loading failed', query.error);
  }, [query.error]);
  useEffect(() => {
    if (countersQuery.error) console.error('home: counters unavailable', countersQuery.error);
  }, [countersQuery.error]);

  // Admin-edited texts, the spec's defaults when none are stored or they cannot be read.
  const heroTitle = data?.siteSettings?.heroTitle || fr.home.heroTitle;
  const heroSubtitle = data?.siteSettings?.heroSubtitle || fr.home.heroSubtitle;
  // The link preview of the site itself: the hero's words (the administrator's, else the spec's).
  usePage(heroTitle, { meta: { description: heroSubtitle, canonicalPath: paths.home() } });
  const latestVideo = data?.latestVideo ?? null;
  const testimonials = data?.testimonials ?? [];

  // The premium block sells the latest video (the 'Vidéo Premium' above it): each method opens the
  // payment dialog; a signed-out visitor is told 'Connexion requise' and sent to /auth, which
  // brings them back here with that method's dialog opening (?payer=). With no video yet, the
  // catalogue is the place to look.
  const checkout = useCheckout();
  const choosePayment = (method: PaymentMethod) =>
    checkout.whenSessionKnown(() => {
      // Signed out: told so before anything else, even while the latest video is still loading.
      if (!checkout.ensureSignedIn(paths.home(), method)) return;
      if (!latestVideo) {
        navigate(paths.videos());
        return;
      }
      checkout.pay(
        { id: latestVideo.id, type: 'VIDEO', title: latestVideo.title, priceCents: latestVideo.priceCents, purchased: latestVideo.purchased, path: paths.home() },
        method,
      );
    });
  // A tap before the JavaScript ran came back as /?payer=…: answered once the home's data is here.
  usePayerParam(choosePayment, !loading);

  return (
    <>
      <section className="bg-gradient-to-br from-primary/15 via-background to-secondary">
        <div className="container-page flex flex-col items-center gap-6 py-16 text-center sm:py-24">
          {loading ? (
            // The stored hero text may differ from the default: hold its place rather than flash the wrong one.
            <div className="flex w-full flex-col items-center gap-6" aria-busy="true">
              <h1 className="sr-only">{homeText.heroLoading}</h1>
              {/* Line boxes of the real text's height (two lines on a phone, one above), bars inside. */}
              <div className="flex w-full max-w-3xl flex-col items-center" aria-hidden="true">
                <div className="flex h-10 w-11/12 items-center sm:h-12 sm:w-3/4">
                  <Skeleton className="h-8 w-full sm:h-10" />
                </div>
                <div className="flex h-10 w-2/3 items-center sm:hidden">
                  <Skeleton className="h-8 w-full" />
                </div>
              </div>
              <div className="flex w-full max-w-2xl flex-col items-center" aria-hidden="true">
                <div className="flex h-7 w-full items-center sm:w-4/5">
                  <Skeleton className="h-5 w-full" />
                </div>
                <div className="flex h-7 w-1/2 items-center sm:hidden">
                  <Skeleton className="h-5 w-full" />
                </div>
              </div>
            </div>
          ) : (
            <>
              <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl" data-testid="hero-title">
                {heroTitle}
              </h1>
              <p className="max-w-2xl text-lg text-muted-foreground text-balance">{heroSubtitle}</p>
            </>
          )}
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.videos()}>
                <PlayCircle aria-hidden="true" />
                {fr.home.heroVideos}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.pdfs()}>
                <BookOpen aria-hidden="true" />
                {fr.home.heroPdfs}
              </Link>
            </Button>
          </div>
        </div>
      </section>

      {(loading || latestVideo) && (
        <section aria-labelledby="latest-title" className="container-page py-14">
          <div className="mx-auto mb-8 max-w-2xl text-center">
            <h2 id="latest-title" className="text-2xl font-bold sm:text-3xl">
              {homeText.latestTitle}
            </h2>
            <p className="mt-3 text-muted-foreground">{homeText.latestText}</p>
          </div>
          <div className="mx-auto max-w-4xl">
            {latestVideo ? <PremiumVideoCard video={latestVideo} /> : <PremiumVideoCardSkeleton />}
          </div>
        </section>
      )}

      <section aria-labelledby="premium-title" className="below-first-screen border-y bg-muted/40 [--first-screen-estimate:50rem]">
        <div className="container-page grid gap-8 py-14 md:grid-cols-2 md:items-center">
          <div>
            <h2 id="premium-title" className="text-2xl font-bold sm:text-3xl">
              {homeText.premiumTitle}
            </h2>
            <p className="mt-3 text-muted-foreground">{homeText.premiumText}</p>
            <ul className="mt-5 flex flex-col gap-2.5">
              {homeText.premiumFeatures.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </div>
          <Card className="p-5 sm:p-6">
            <h3 className="mb-4 font-semibold">{homeText.payWith}</h3>
            <PayButtons label={homeText.payWith} onPay={choosePayment} action="/" />
          </Card>
        </div>
      </section>

      {/* The counters are live: the page hydrates when they come near the screen (lib/hydrate-when-needed).
          The sections below the first screen are laid out only when they come near it (index.css, below-first-screen). */}
      <section
        ref={countersSection}
        aria-labelledby="why-title"
        className="below-first-screen container-page py-14 [--first-screen-estimate:26rem]"
        {...{ [HYDRATE_ON_VIEW]: '' }}
      >
        <div className="mx-auto mb-8 max-w-2xl text-center">
          <h2 id="why-title" className="text-2xl font-bold sm:text-3xl">
            {fr.home.whyTitle}
          </h2>
          <p className="mt-3 text-muted-foreground">{fr.home.whyText}</p>
        </div>
        <div className="mx-auto grid max-w-3xl gap-4 sm:grid-cols-2">
          <Counter
            icon={<Users className="size-6" aria-hidden="true" />}
            label={fr.home.registeredUsers}
            value={countersUnavailable ? null : formatCount(counters?.registeredUsers)}
            testId="counter-registered-users"
          />
          <Counter
            icon={<Eye className="size-6" aria-hidden="true" />}
            label={fr.home.visitsToday}
            value={countersUnavailable ? null : formatCount(counters?.visitsToday)}
            testId="counter-visits-today"
          />
        </div>
      </section>

      {(loading || testimonials.length > 0) && (
        <section aria-labelledby="testimonials-title" className="below-first-screen bg-muted/40 [--first-screen-estimate:80rem]">
          <div className="container-page py-14">
            <div className="mx-auto mb-8 max-w-2xl text-center">
              <h2 id="testimonials-title" className="text-2xl font-bold sm:text-3xl">
                {homeText.testimonialsTitle}
              </h2>
              <p className="mt-3 text-muted-foreground">{homeText.testimonialsText}</p>
            </div>
            {loading ? (
              <p role="status" className="py-10 text-center text-muted-foreground">
                {homeText.testimonialsLoading}
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {testimonials.map((testimonial) => (
                  <li key={testimonial.id}>
                    <TestimonialCard testimonial={testimonial} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}

      {checkout.dialog}

      <section aria-labelledby="cta-title" className="below-first-screen bg-primary text-primary-foreground [--first-screen-estimate:21rem]">
        <div className="container-page flex flex-col items-center gap-5 py-14 text-center">
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            {fr.home.ctaTitle}
          </h2>
          <p className="max-w-xl opacity-90">{fr.home.ctaText}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.news()}>
                <Newspaper aria-hidden="true" />
                {fr.home.ctaNews}
              </Link>
            </Button>
            {!user && (
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
              >
                <Link to={`${paths.auth()}?tab=signup`}>
                  {fr.home.ctaSignUp}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
