import { ArrowRight, CircleCheck, Newspaper } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { PayButtons } from '@/features/commerce/pay-buttons';
import type { PaymentMethod } from '@/features/commerce/types';
import { Card } from '@/components/ui/card';
import { homeText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { PremiumVideoCard, PremiumVideoCardSkeleton, type PremiumVideoCardVideo } from './premium-video-card';
import { SectionIntro } from './section-intro';
import { TestimonialCard, type TestimonialCardTestimonial } from './testimonial-card';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';

/*
 * The home's sections below the hero, in the page's order (the counters, live, in home-counters.tsx).
 * Those below the first screen are laid out only when they come near it (index.css, below-first-screen).
 */

/** 'Vidéo Premium': the latest video, its card's skeleton while the home loads. */
export function LatestVideoSection({ video }: { video: PremiumVideoCardVideo | null }) {
  return (
    <section aria-labelledby="latest-title" className="container-page py-14">
      <SectionIntro id="latest-title" title={homeText.latestTitle} text={homeText.latestText} />
      <div className="mx-auto max-w-4xl">{video ? <PremiumVideoCard video={video} /> : <PremiumVideoCardSkeleton />}</div>
    </section>
  );
}

/** What premium brings, and the payment methods that buy the latest video (`onPay`). */
export function PremiumSection({ onPay }: { onPay(method: PaymentMethod): void }) {
  return (
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
          <PayButtons label={homeText.payWith} onPay={onPay} action="/" />
        </Card>
      </div>
    </section>
  );
}

/** The testimonials, a line saying they load while the home does. */
export function TestimonialsSection({ loading, testimonials }: { loading: boolean; testimonials: readonly TestimonialCardTestimonial[] }) {
  return (
    <section aria-labelledby="testimonials-title" className="below-first-screen bg-muted/40 [--first-screen-estimate:80rem]">
      <div className="container-page py-14">
        <SectionIntro id="testimonials-title" title={homeText.testimonialsTitle} text={homeText.testimonialsText} />
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
  );
}

/** The closing band: on to the news and, for a visitor, 'Créer un compte'. */
export function JoinSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-title" className="below-first-screen bg-primary text-primary-foreground [--first-screen-estimate:21rem]">
      <div className="container-page flex flex-col items-center gap-5 py-14 text-center">
        <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
          {fr.home.ctaTitle}
        </h2>
        <p className="max-w-xl opacity-90">{fr.home.ctaText}</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <LinkButton to={paths.news()} icon={<Newspaper aria-hidden="true" />} size="lg" variant="secondary">
            {fr.home.ctaNews}
          </LinkButton>
          {!signedIn && (
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
  );
}
