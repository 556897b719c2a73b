import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import type { NewsletterSignup } from './use-newsletter-signup';

/**
 * The newsletter's sign-up form (the footer's, the catalogue's box): the e-mail field under a
 * label for screen readers, the page's submit button (`children`), the refusal under them.
 */
export function NewsletterEmailForm({
  id,
  newsletter,
  label,
  placeholder,
  className,
  rowClassName,
  inputClassName,
  children,
}: {
  id: string;
  newsletter: NewsletterSignup;
  label: string;
  placeholder: string;
  className: string;
  rowClassName: string;
  inputClassName?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate className={className} aria-busy={newsletter.sending || undefined} onSubmit={newsletter.submit}>
      <div className={rowClassName}>
        <label htmlFor={`${id}-email`} className="sr-only">
          {label}
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          className={inputClassName}
          placeholder={placeholder}
          value={newsletter.email}
          onChange={(event) => newsletter.setEmail(event.target.value)}
          aria-invalid={newsletter.error ? true : undefined}
          aria-describedby={newsletter.error ? `${id}-error` : undefined}
        />
        {children}
      </div>
      <FieldError id={`${id}-error`} message={newsletter.error ?? undefined} />
    </form>
  );
}
