import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { videosText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';

/** The catalogue's newsletter box. Subscribing arrives with the messaging service: shown, disabled, and said so. */
export function NewsletterBox() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-gradient-to-br from-accent to-secondary p-6 sm:p-8">
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
        <form className="flex w-full flex-col gap-2 sm:flex-row md:max-w-md" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={`${id}-email`} className="sr-only">
            {videosText.newsletterEmailLabel}
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder={videosText.newsletterPlaceholder}
            disabled
            aria-describedby={`${id}-soon`}
          />
          <Button type="submit" disabled aria-describedby={`${id}-soon`}>
            {videosText.newsletterSubmit}
          </Button>
        </form>
      </div>
      <p id={`${id}-soon`} className="mt-3 text-xs text-muted-foreground md:text-right">
        {fr.common.comingSoon}
      </p>
    </section>
  );
}
