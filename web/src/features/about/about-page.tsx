import { ArrowRight, Compass, GraduationCap, HeartHandshake, Stethoscope, Target, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { about } from '@/i18n/pages/about';
import { PageHero } from '../../components/layout/page-hero';

const CARDS: readonly { key: keyof typeof about.cards; Icon: LucideIcon }[] = [
  { key: 'mission', Icon: Target },
  { key: 'approach', Icon: Compass },
  { key: 'expertise', Icon: GraduationCap },
  { key: 'promise', Icon: HeartHandshake },
];

/** /about: 'Qui sommes-nous ?' with the four cards of the spec (mission, approach, expertise, promise). */
export default function AboutPage() {
  usePage(fr.pages.about, { meta: { description: about.lead } });
  return (
    <>
      <PageHero eyebrow={about.eyebrow} title={fr.pages.about} lead={about.lead} />

      <section aria-labelledby="about-cards-title" className="container-page py-10 sm:py-14">
        <h2 id="about-cards-title" className="sr-only">
          {about.cardsTitle}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:gap-6">
          {CARDS.map(({ key, Icon }) => {
            const card = about.cards[key];
            return (
              <li key={key} className="flex">
                <Card className="flex w-full flex-col gap-3 p-5 sm:p-6" data-testid={`about-card-${key}`}>
                  <span className="grid size-11 place-items-center rounded-full bg-accent text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="text-lg font-semibold">{card.title}</h3>
                  {card.paragraphs.map((paragraph) => (
                    <p key={paragraph} className="text-sm leading-relaxed text-muted-foreground sm:text-base">
                      {paragraph}
                    </p>
                  ))}
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="about-health-title" className="container-page pb-10 sm:pb-14">
        <div className="flex flex-col gap-3 rounded-lg border border-secondary-foreground/15 bg-secondary p-5 text-secondary-foreground sm:flex-row sm:gap-4 sm:p-6">
          <Stethoscope className="size-6 shrink-0" aria-hidden="true" />
          <div className="flex flex-col gap-2">
            <h2 id="about-health-title" className="text-lg font-semibold">
              {about.healthTitle}
            </h2>
            <p className="text-sm leading-relaxed sm:text-base">{about.healthText}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="border-t bg-muted/40">
        <div className="container-page flex flex-col items-start gap-4 py-10 sm:items-center sm:text-center">
          <h2 id="about-cta-title" className="text-2xl font-bold">
            {about.ctaTitle}
          </h2>
          <p className="max-w-xl text-muted-foreground">{about.ctaText}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="outline" size="lg">
              <Link to={paths.faq()}>{about.ctaFaq}</Link>
            </Button>
            <Button asChild size="lg">
              <Link to={paths.contact()}>
                {about.ctaContact}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
