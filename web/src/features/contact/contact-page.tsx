import { ArrowRight, Clock, ExternalLink, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { contact } from '@/i18n/pages/contact';
import { HYDRATE_ON_VIEW } from '@/lib/hydrate-when-needed';
import { useHydrated } from '@/lib/ssr';
import { PageHero } from '../../components/layout/page-hero';
import { textLinkClass } from '../../components/content/rich-text';
import { useContactDetails } from '../../hooks/use-contact-details';

// The form's code (react-hook-form, zod: ~25 kB) is a chunk of its own, which the gateway preloads
// beside the page's while the details, map and links already show. Its placeholder holds the form's
// height so nothing below moves when it lands.
const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

function ContactFormPlaceholder() {
  return (
    <div aria-busy="true" data-testid="contact-form-loading" className="flex min-h-[43rem] flex-col gap-5 sm:min-h-[34rem]">
      <h2 className="text-xl font-bold">{contact.form.title}</h2>
    </div>
  );
}

const mapBoxClass = 'block aspect-[4/3] w-full border-0 border-t bg-muted lg:aspect-auto lg:min-h-48 lg:flex-1';

/**
 * Google's map is a third party: its frame loads only when the visitor asks for it, after being
 * told what Google receives. Until then nothing on this page leaves for another site.
 */
function MapOnRequest() {
  const [shown, setShown] = useState(false);
  if (shown) {
    return <iframe title={contact.map.frameTitle} src={contact.map.embedUrl} referrerPolicy="strict-origin-when-cross-origin" className={mapBoxClass} />;
  }
  return (
    <div className={`${mapBoxClass} flex flex-col items-center justify-center gap-3 p-5 text-center`} data-testid="map-placeholder">
      <MapPin className="size-8 text-primary" aria-hidden="true" />
      <p className="max-w-sm text-sm text-muted-foreground">{contact.map.consent}</p>
      <Button type="button" variant="outline" onClick={() => setShown(true)}>
        {contact.map.show}
      </Button>
    </div>
  );
}

/** One dt/dd group of the contact details; the icon sits in the dt so the list stays valid HTML. */
function Detail({ Icon, label, children }: { Icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative flex min-h-10 min-w-0 flex-col justify-center gap-0.5 pl-13">
      <dt className="text-sm font-semibold">
        <span className="absolute top-0 left-0 grid size-10 place-items-center rounded-full bg-accent text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {label}
      </dt>
      {children}
    </div>
  );
}

/** /contact: hero, contact details, the form, a map of Douala and a way on to /faq. */
export default function ContactPage() {
  usePage(fr.pages.contact, { meta: { description: contact.lead } });
  const hydrated = useHydrated();
  const { email, phone } = useContactDetails();

  return (
    <>
      <PageHero eyebrow={contact.eyebrow} title={contact.title} lead={contact.lead} />

      <div className="container-page grid gap-6 py-10 sm:py-14 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-8">
        <Card className="p-5 sm:p-6 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="contact-details-title" className="flex flex-col gap-5">
            <h2 id="contact-details-title" className="text-xl font-bold">
              {contact.details.title}
            </h2>
            <dl className="flex flex-col gap-5">
              <Detail Icon={Mail} label={contact.details.email}>
                <dd>
                  <a href={`mailto:${email}`} className={`${textLinkClass} break-all`} data-testid="contact-email">
                    {email}
                  </a>
                </dd>
                <dd className="text-sm text-muted-foreground">{contact.details.support}</dd>
              </Detail>
              {phone && (
                <Detail Icon={Phone} label={contact.details.phone}>
                  <dd>
                    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={textLinkClass}>
                      {phone}
                    </a>
                  </dd>
                </Detail>
              )}
              <Detail Icon={Clock} label={contact.details.hours}>
                <dd className="text-muted-foreground">{fr.contact.hours}</dd>
              </Detail>
              <Detail Icon={MapPin} label={contact.details.location}>
                <dd className="text-muted-foreground">{contact.details.city}</dd>
              </Detail>
            </dl>
          </section>
        </Card>

        {/* The page hydrates when the form's place comes near the screen (lib/hydrate-when-needed). */}
        <Card className="p-5 sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1" {...{ [HYDRATE_ON_VIEW]: '' }}>
          {/* Only once the page is live: the form needs the app to be sent, and a form on the server's
              page before that would take a name and a message it could not send. */}
          {hydrated ? (
            <Suspense fallback={<ContactFormPlaceholder />}>
              <ContactForm />
            </Suspense>
          ) : (
            <ContactFormPlaceholder />
          )}
        </Card>

        <Card className="flex flex-col overflow-hidden lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="contact-map-title" className="flex flex-1 flex-col">
            <div className="flex flex-wrap items-center justify-between gap-2 p-5 pb-4 sm:px-6">
              <h2 id="contact-map-title" className="text-xl font-bold">
                {contact.map.title}
              </h2>
              <a href={contact.map.openUrl} target="_blank" rel="noopener noreferrer" className={`${textLinkClass} inline-flex items-center gap-1 text-sm`}>
                {contact.map.open}
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">{contact.map.newTab}</span>
              </a>
            </div>
            <MapOnRequest />
          </section>
        </Card>
      </div>

      <section aria-labelledby="contact-faq-title" className="border-t bg-muted/40">
        <div className="container-page flex flex-col items-start gap-4 py-10 sm:items-center sm:text-center">
          <h2 id="contact-faq-title" className="text-2xl font-bold">
            {contact.faq.title}
          </h2>
          <p className="max-w-xl text-muted-foreground">{contact.faq.text}</p>
          <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
            <Link to={paths.faq()}>
              {contact.faq.link}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
