import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Send } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fr } from '@/i18n/fr';
import { contact } from '@/i18n/pages/contact';
import { cn } from '@/lib/utils';
import { textLinkClass } from './rich-text';

/** The subjects of the spec (§5), in its order; the labels are in fr.contact.subjects. */
export const CONTACT_SUBJECTS = ['general', 'support', 'partnership', 'subscription', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export function isContactSubject(value: string): value is ContactSubject {
  return (CONTACT_SUBJECTS as readonly string[]).includes(value);
}

/** Spec §5, messages verbatim. */
export const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, fr.contact.nameMin), z.maxLength(100, fr.auth.nameTooLong)),
  email: z.string().check(z.trim(), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, fr.contact.emailInvalid), z.maxLength(254, fr.contact.emailInvalid)),
  subject: z.string().check(z.refine(isContactSubject, fr.contact.subjectRequired)),
  message: z.string().check(z.trim(), z.minLength(10, fr.contact.messageMin), z.maxLength(5000, contact.form.messageTooLong)),
  acceptTerms: z.boolean().check(z.refine((accepted) => accepted, fr.contact.acceptTermsRequired)),
});
export type ContactValues = z.infer<typeof contactSchema>;

const controlClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria attributes tying a control to its error message, when there is one. */
function described(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

/**
 * The contact form (name, email, subject, message, acceptTerms). Each field is checked when the
 * visitor leaves it, then as they correct it. Sending arrives with the messaging service: until
 * then the submit button stays disabled under a visible 'Bientôt disponible', and nothing claims
 * that a message went anywhere.
 */
export function ContactForm({ contactEmail }: { contactEmail: string }) {
  const baseId = useId();
  const ids = {
    title: `${baseId}-title`,
    name: `${baseId}-name`,
    email: `${baseId}-email`,
    subject: `${baseId}-subject`,
    message: `${baseId}-message`,
    acceptTerms: `${baseId}-accept`,
    unavailable: `${baseId}-unavailable`,
  };
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', subject: '', message: '', acceptTerms: false },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-labelledby={ids.title}
      className="flex flex-col gap-5"
      data-testid="contact-form"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex flex-col gap-1">
        <h2 id={ids.title} className="text-xl font-bold">
          {contact.form.title}
        </h2>
        <p className="text-sm text-muted-foreground">{contact.form.intro}</p>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.name} label={contact.form.name} error={errors.name?.message}>
          <Input autoComplete="name" placeholder={contact.form.namePlaceholder} {...described(ids.name, errors.name?.message)} {...form.register('name')} />
        </Field>
        <Field id={ids.email} label={contact.form.email} error={errors.email?.message}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={contact.form.emailPlaceholder}
            {...described(ids.email, errors.email?.message)}
            {...form.register('email')}
          />
        </Field>
      </div>

      <Field id={ids.subject} label={contact.form.subject} error={errors.subject?.message}>
        <div className="relative">
          <select
            className={cn(controlClass, 'h-10 appearance-none pr-10', !form.watch('subject') && 'text-muted-foreground')}
            {...described(ids.subject, errors.subject?.message)}
            {...form.register('subject')}
          >
            <option value="" disabled>
              {contact.form.subjectPlaceholder}
            </option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject} className="text-foreground">
                {fr.contact.subjects[subject]}
              </option>
            ))}
          </select>
          <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        </div>
      </Field>

      <Field id={ids.message} label={contact.form.message} error={errors.message?.message}>
        <textarea
          rows={6}
          className={cn(controlClass, 'min-h-32 resize-y')}
          placeholder={contact.form.messagePlaceholder}
          {...described(ids.message, errors.message?.message)}
          {...form.register('message')}
        />
      </Field>

      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            {...described(ids.acceptTerms, errors.acceptTerms?.message)}
            {...form.register('acceptTerms')}
          />
          <label htmlFor={ids.acceptTerms} className="text-sm leading-snug">
            {contact.form.acceptTermsBefore}
            <Link to="/privacy" className={textLinkClass}>
              {contact.form.acceptTermsLink}
            </Link>
            {contact.form.acceptTermsAfter}
          </label>
        </div>
        <FieldError id={`${ids.acceptTerms}-error`} message={errors.acceptTerms?.message} />
      </div>

      <div className="flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled aria-describedby={ids.unavailable} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {contact.form.submit}
        </Button>
        <p id={ids.unavailable} className="text-sm text-muted-foreground">
          <span className="mr-2 inline-block rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
            {fr.common.comingSoon}
          </span>
          {contact.form.unavailable}
          <a href={`mailto:${contactEmail}`} className={cn(textLinkClass, 'break-all')}>
            {contactEmail}
          </a>
          {contact.form.unavailableAfter}
        </p>
      </div>
    </form>
  );
}
