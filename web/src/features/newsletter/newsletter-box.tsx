import { Loader2, Mail } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { videosText } from '@/i18n/catalogue';
import { newsletterText } from '@/i18n/messaging';
import { NewsletterSent } from '@/features/newsletter/newsletter-sent';
import { useNewsletterSignup } from '@/features/newsletter/use-newsletter-signup';

/** The catalogue's newsletter box ('S'abonner'): double opt-in, so it ends on 'check your inbox'. */
export function NewsletterBox() {
  const id = useId();
  const newsletter = useNewsletterSignup('CATALOGUE');
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="catalogue-newsletter"
      className="rounded-xl border bg-gradient-to-br from-accent to-secondary p-6 sm:p-8"
    >
      <div className="flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-card text-primary">
            <Mail className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-lg font-bold sm:text-xl">
              {videosText.newsletterTitle}
            </h2>
            <p className="text-sm text-muted-foreground">{videosText.newsletterText}</p>
          </div>
        </div>
        {newsletter.sentTo ? (
          <NewsletterSent email={newsletter.sentTo} onAgain={newsletter.again} className="w-full rounded-lg bg-card p-4 md:max-w-md" />
        ) : (
          <form
            noValidate
            className="flex w-full flex-col gap-2 md:max-w-md"
            aria-busy={newsletter.sending || undefined}
            onSubmit={newsletter.submit}
          >
            <div className="flex flex-col gap-2 sm:flex-row">
              <label htmlFor={`${id}-email`} className="sr-only">
                {videosText.newsletterEmailLabel}
              </label>
              <Input
                id={`${id}-email`}
                type="email"
                inputMode="email"
                autoComplete="email"
                className="bg-card"
                placeholder={videosText.newsletterPlaceholder}
                value={newsletter.email}
                onChange={(event) => newsletter.setEmail(event.target.value)}
                aria-invalid={newsletter.error ? true : undefined}
                aria-describedby={newsletter.error ? `${id}-error` : undefined}
              />
              <Button type="submit" disabled={newsletter.sending}>
                {newsletter.sending && <Loader2 className="animate-spin" aria-hidden="true" />}
                {newsletter.sending ? newsletterText.subscribing : videosText.newsletterSubmit}
              </Button>
            </div>
            <FieldError id={`${id}-error`} message={newsletter.error ?? undefined} />
          </form>
        )}
      </div>
    </section>
  );
}
