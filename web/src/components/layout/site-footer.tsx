import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { SocialLinks } from './social-links';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { CATEGORIES, fr } from '@/i18n/fr';
import { newsletterText } from '@/i18n/messaging';
import { currentYear } from '@/lib/format/date';
import { NewsletterSent } from '@/features/newsletter/newsletter-sent';
import { useNewsletterSignup } from '@/features/newsletter/use-newsletter-signup';
import { Logo } from './logo';
import { LowDataSwitch } from './low-data-switch';
import { SITE_NAV } from './nav-items';

const linkClass = 'text-sm text-muted-foreground hover:text-foreground hover:underline underline-offset-4';

export function SiteFooter() {
  const baseId = useId();
  const newsletter = useNewsletterSignup('FOOTER');
  return (
    <footer data-testid="site-footer" className="mt-auto border-t bg-muted/40">
      <div className="container-page grid grid-cols-2 gap-8 py-10 lg:grid-cols-4">
        <section className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <Logo className="self-start" />
          <p className="text-sm text-muted-foreground">{fr.footer.blurb}</p>
          <SocialLinks />
          <LowDataSwitch className="mt-2 self-start" />
        </section>

        <nav aria-labelledby={`${baseId}-nav`}>
          <h2 id={`${baseId}-nav`} className="mb-3 text-sm font-semibold">
            {fr.footer.navigation}
          </h2>
          <ul className="flex flex-col gap-2">
            {SITE_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.contact()} className={linkClass}>
                {fr.nav.contact}
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby={`${baseId}-cat`}>
          <h2 id={`${baseId}-cat`} className="mb-3 text-sm font-semibold">
            {fr.footer.categories}
          </h2>
          <ul className="flex flex-col gap-2">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <Link to={`${paths.videos()}?category=${category}`} className={linkClass}>
                  {fr.categories[category]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby={`${baseId}-title`} className="col-span-2 lg:col-span-1">
          <h2 id={`${baseId}-title`} className="mb-3 text-sm font-semibold">
            {fr.footer.newsletter}
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">{fr.footer.newsletterText}</p>
          {newsletter.sentTo ? (
            <NewsletterSent email={newsletter.sentTo} onAgain={newsletter.again} />
          ) : (
            <form noValidate className="flex flex-col gap-2" aria-busy={newsletter.sending || undefined} onSubmit={newsletter.submit}>
              <div className="flex gap-2">
                <label htmlFor={`${baseId}-email`} className="sr-only">
                  {fr.footer.newsletterEmailLabel}
                </label>
                <Input
                  id={`${baseId}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder={fr.footer.newsletterPlaceholder}
                  value={newsletter.email}
                  onChange={(event) => newsletter.setEmail(event.target.value)}
                  aria-invalid={newsletter.error ? true : undefined}
                  aria-describedby={newsletter.error ? `${baseId}-error` : undefined}
                />
                <Button type="submit" disabled={newsletter.sending} aria-label={newsletter.sending ? newsletterText.subscribing : undefined}>
                  {newsletter.sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : fr.footer.newsletterSubmit}
                </Button>
              </div>
              <FieldError id={`${baseId}-error`} message={newsletter.error ?? undefined} />
            </form>
          )}
        </section>
      </div>

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
