import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { SocialLinks } from './social-links';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { CATEGORIES, fr } from '@/i18n/fr';
import { newsletterText } from '@/i18n/messaging';
import { currentYear } from '@/lib/format/date';
import { NewsletterEmailForm } from '@/features/newsletter/newsletter-email-form';
import { NewsletterSent } from '@/features/newsletter/newsletter-sent';
import { useNewsletterSignup } from '@/features/newsletter/use-newsletter-signup';
import { Logo } from './logo';
import { LowDataSwitch } from './low-data-switch';
import { SITE_NAV } from './nav-items';

const linkClass = 'text-sm text-muted-foreground hover:text-foreground hover:underline underline-offset-4';

/** A column of links under its small heading (`id` labels the nav). */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold">
        {title}
      </h2>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const pageLinks = [...SITE_NAV, { to: paths.contact(), label: fr.nav.contact }];
const categoryLinks = CATEGORIES.map((category) => ({ to: `${paths.videos()}?category=${category}`, label: fr.categories[category] }));

/** The newsletter's sign-up (source FOOTER), then its 'sent' message. */
function FooterNewsletter({ baseId }: { baseId: string }) {
  const newsletter = useNewsletterSignup('FOOTER');
  return (
    <section aria-labelledby={`${baseId}-title`} className="col-span-2 lg:col-span-1">
      <h2 id={`${baseId}-title`} className="mb-3 text-sm font-semibold">
        {fr.footer.newsletter}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">{fr.footer.newsletterText}</p>
      {newsletter.sentTo ? (
        <NewsletterSent email={newsletter.sentTo} onAgain={newsletter.again} />
      ) : (
        <NewsletterEmailForm
          id={baseId}
          newsletter={newsletter}
          label={fr.footer.newsletterEmailLabel}
          placeholder={fr.footer.newsletterPlaceholder}
          className="flex flex-col gap-2"
          rowClassName="flex gap-2"
        >
          <Button type="submit" disabled={newsletter.sending} aria-label={newsletter.sending ? newsletterText.subscribing : undefined}>
            {newsletter.sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : fr.footer.newsletterSubmit}
          </Button>
        </NewsletterEmailForm>
      )}
    </section>
  );
}

export function SiteFooter() {
  const baseId = useId();
  return (
    <footer data-testid="site-footer" className="mt-auto border-t bg-muted/40">
      <div className="container-page grid grid-cols-2 gap-8 py-10 lg:grid-cols-4">
        <section className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <Logo className="self-start" />
          <p className="text-sm text-muted-foreground">{fr.footer.blurb}</p>
          <SocialLinks />
          <LowDataSwitch className="mt-2 self-start" />
        </section>
        <FooterLinks id={`${baseId}-nav`} title={fr.footer.navigation} links={pageLinks} />
        <FooterLinks id={`${baseId}-cat`} title={fr.footer.categories} links={categoryLinks} />
        <FooterNewsletter baseId={baseId} />
      </div>
      {/* The last line: copyright, the legal pages and, discreetly, the administrators' way in. */}
      <div className="border-t">
        <div className="container-page flex flex-col items-center justify-between gap-3 py-4 text-center sm:flex-row sm:text-left">
          <p className="text-xs text-muted-foreground">
            © {currentYear()} {fr.brand.name}. {fr.footer.rights}
          </p>
          <ul className="flex flex-wrap items-center justify-center gap-4">
            <li>
              <Link to={paths.terms()} className="text-xs text-muted-foreground hover:text-foreground">
                {fr.footer.terms}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy()} className="text-xs text-muted-foreground hover:text-foreground">
                {fr.footer.privacy}
              </Link>
            </li>
            <li>
              <Link to={paths.adminLogin()} className="text-xs text-muted-foreground/60 hover:text-muted-foreground">
                {fr.footer.admin}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
