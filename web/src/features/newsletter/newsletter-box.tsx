import { Loader2, Mail } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { videosText } from '@/i18n/catalogue';
import { newsletterText } from '@/i18n/messaging';
import { NewsletterEmailForm } from '@/features/newsletter/newsletter-email-form';
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
          <NewsletterEmailForm
            id={id}
            newsletter={newsletter}
            label={videosText.newsletterEmailLabel}
            placeholder={videosText.newsletterPlaceholder}
            className="flex w-full flex-col gap-2 md:max-w-md"
            rowClassName="flex flex-col gap-2 sm:flex-row"
            inputClassName="bg-card"
          >
            <Button type="submit" disabled={newsletter.sending}>
              {newsletter.sending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {newsletter.sending ? newsletterText.subscribing : videosText.newsletterSubmit}
            </Button>
          </NewsletterEmailForm>
        )}
      </div>
    </section>
  );
}
