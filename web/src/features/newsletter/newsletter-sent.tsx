import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { newsletterText } from '@/i18n/messaging';
import { cn } from '@/lib/utils';

/** Said after a newsletter box was sent: check the inbox to confirm (same words for any address). */
export function NewsletterSent({ email, onAgain, className }: { email: string; onAgain(): void; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: the focus moves to what replaced it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="newsletter-sent" className={cn('flex flex-col gap-1 rounded-md text-sm outline-none', className)}>
      <p className="flex items-center gap-2 font-semibold">
        <MailCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {newsletterText.checkInboxTitle}
      </p>
      <p className="break-words text-muted-foreground">{newsletterText.checkInbox(email)}</p>
      <button type="button" onClick={onAgain} className="self-start text-sm text-primary underline-offset-4 hover:underline">
        {newsletterText.another}
      </button>
    </div>
  );
}
