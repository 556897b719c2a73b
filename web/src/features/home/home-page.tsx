import { useQuery } from '@/data/hooks';
import { useEffect, useState } from 'react';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { useAuth } from '@/auth/auth-context';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { HeroSection } from './hero-section';
import { HomeCounters } from './home-counters';
import { JoinSection, LatestVideoSection, PremiumSection, TestimonialsSection } from './home-sections';
import { lazyPart } from '@/components/lazy-part';
import { usePayerParam } from '@/features/commerce/payer-param';
import type { PaymentMethod } from '@/features/commerce/types';
import type { HomePayment } from './home-checkout';
import HOME_PAGE_QUERY from './graphql/home-page.query.graphql';

// The checkout's code comes with the first payment tap (home-checkout.tsx says why).
const HomeCheckout = lazyPart(() => import('./home-checkout'));

export default function HomePage() {
  const { user } = useAuth();
  // One query per subgraph (graphql/): if one is unreachable, what the other serves still
  // shows (the counters ask analytics in HomeCounters). Spec §8: home loading failures are only
  // logged, no message is shown.
  // The latest video's `purchased` is the viewer's: asked again once someone is signed in.
  const query = useQuery(HOME_PAGE_QUERY, { fetchPolicy: fetchPolicies.catalogue, errorPolicy: 'all', viewerDependent: true });
  const data = query.data;
  const loading = query.loading && !data;

  useEffect(() => {
    if (query.error) console.error('home: loading failed', query.error);
  }, [query.error]);

  // Admin-edited texts, the spec's defaults when none are stored or they cannot be read.
  const heroTitle = data?.siteSettings?.heroTitle || fr.home.heroTitle;
  const heroSubtitle = data?.siteSettings?.heroSubtitle || fr.home.heroSubtitle;
  // The link preview of the site itself: the hero's words (the administrator's, else the spec's).
  usePage(heroTitle, { meta: { description: heroSubtitle, canonicalPath: paths.home() } });
  const latestVideo = data?.latestVideo ?? null;
  const testimonials = data?.testimonials ?? [];
  const [payment, setPayment] = useState<HomePayment | null>(null);
  const pay = (method: PaymentMethod) => setPayment((last) => ({ method, tap: (last?.tap ?? 0) + 1 }));
  // A tap before the JavaScript ran came back as /?payer=…: answered once the home's data is here.
  usePayerParam(pay, !loading);

  return (
    <>
      <HeroSection loading={loading} title={heroTitle} subtitle={heroSubtitle} />
      {(loading || latestVideo) && <LatestVideoSection video={latestVideo} />}
      <PremiumSection onPay={pay} />
      <HomeCounters />
      {(loading || testimonials.length > 0) && <TestimonialsSection loading={loading} testimonials={testimonials} />}
      {payment && <HomeCheckout latestVideo={latestVideo} payment={payment} fallback={null} />}
      <JoinSection signedIn={!!user} />
    </>
  );
}
