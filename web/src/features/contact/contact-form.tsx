import { zodResolver } from '@hookform/resolvers/zod';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { paths } from '@/app/route-manifest';
import { useMutation } from '@/data/hooks';
import { ChevronDown, Send } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fr } from '@/i18n/fr';
import { contact } from '@/i18n/pages/contact';
import type { ContactSubject as ApiContactSubject } from '@/generated/graphql';
import { showServerError } from '@/lib/show-server-error';
import { userErrorOf, type UserError } from '@/lib/user-error';
import { cn } from '@/lib/utils';
import { textLinkClass } from '../../components/content/rich-text';
import OPEN_CONTACT_FORM from './graphql/open-contact-form.mutation.graphql';
import SEND_CONTACT_MESSAGE from './graphql/send-contact-message.mutation.graphql';

/** The subjects of the spec (§5), in its order; the labels are in fr.contact.subjects. */
export const CONTACT_SUBJECTS = ['general', 'support', 'partnership', 'subscription', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

const API_SUBJECTS: Record<ContactSubject, ApiContactSubject> = {
  general: 'GENERAL',
  support: 'SUPPORT',
  partnership: 'PARTNERSHIP',
  subscription: 'SUBSCRIPTION',
  other: 'OTHER',
};

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
  /** The honeypot: people never see it, so it stays empty; a robot filling every field fills it. */
  website: z.optional(z.string()),
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

/** The form's fields, as the server names them in a UserError's `field`. */
const FORM_FIELDS = ['name', 'email', 'subject', 'message', 'acceptTerms'] as const;

/** A refusal the server worded in a GraphQL error (a mutation without a payload), else null. */
function refusalOf(err: unknown): UserError | null {
  if (!CombinedGraphQLErrors.is(err)) return null;
  const first = err.errors[0];
  const code = first?.extensions?.code;
  if (!first || typeof code !== 'string' || code === 'INTERNAL_SERVER_ERROR') return null;
  return { code, title: null, message: first.message, field: null };
}

/** The ticket of this opening of the form (the server's clock for the minimum fill time). */
type Ticket = { token: string; minSeconds: number };

/**
 * The contact form (name, email, subject, message, acceptTerms), on /contact and in the header's
 * dialog. Opening it takes a ticket from the server (`openContactForm`); a submission carries it
 * with a honeypot field people never see. Each field is checked when the visitor leaves it, then
 * as they correct it. A server refusal tied to a field shows under it; any other (too many
 * messages, sent too fast) shows as a toast and above the button. Once sent: the spec's toast,
 * the form emptied with a fresh ticket, and `onSent` (the dialog closes).
 */
export function ContactForm({ onSent }: { onSent?: () => void }) {
  const baseId = useId();
  const ids = {
    title: `${baseId}-title`,
    name: `${baseId}-name`,
    email: `${baseId}-email`,
    subject: `${baseId}-subject`,
    message: `${baseId}-message`,
    acceptTerms: `${baseId}-accept`,
    website: `${baseId}-website`,
    formError: `${baseId}-form-error`,
  };
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', subject: '', message: '', acceptTerms: false, website: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, formError } = useContactSubmit(form, onSent);

  return (
    <form
      noValidate
      aria-labelledby={ids.title}
      aria-busy={isSubmitting || undefined}
      className="flex flex-col gap-5"
      data-testid="contact-form"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
    >
      <div className="flex flex-col gap-1">
        <h2 id={ids.title} className="text-xl font-bold">
          {contact.form.title}
        </h2>
        <p className="text-sm text-muted-foreground">{contact.form.intro}</p>
      </div>

      <NameEmailFields form={form} ids={ids} />

      {/* The honeypot: off screen, out of the tab order and of assistive technologies. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={ids.website}>{contact.form.website}</label>
        <input id={ids.website} type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>

      <SubjectField form={form} id={ids.subject} />

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
            <Link to={paths.privacy()} className={textLinkClass}>
              {contact.form.acceptTermsLink}
            </Link>
            {contact.form.acceptTermsAfter}
          </label>
        </div>
        <FieldError id={`${ids.acceptTerms}-error`} message={errors.acceptTerms?.message} />
      </div>

      <SubmitRow id={ids.formError} formError={formError} submitting={isSubmitting} />
    </form>
  );
}

type ContactFormApi = UseFormReturn<ContactValues>;

/**
 * The form's ticket: one per opening of the form (page or dialog), taken as it appears, and again
 * after a message (or when the first could not be had); a refusal is kept to be shown on sending.
 */
function useContactTicket() {
  const [openForm] = useMutation(OPEN_CONTACT_FORM);
  const ticket = useRef<Promise<Ticket | null> | null>(null);
  const ticketRefusal = useRef<UserError | null>(null);

  const takeTicket = useCallback(() => {
    ticket.current = openForm()
      .then(({ data }) => data?.openContactForm ?? null)
      .catch((err: unknown): null => {
        // Refused (too many forms opened from this connection): its words, shown on sending.
        ticketRefusal.current = refusalOf(err);
        return null;
      });
    return ticket.current;
  }, [openForm]);

  // One ticket per opening of the form (page or dialog), taken as it appears.
  useEffect(() => {
    void takeTicket();
  }, [takeTicket]);
  return { ticket, ticketRefusal, takeTicket };
}

/** Sending: the message with its ticket, and what a refusal or a failure shows. */
function useContactSubmit(form: ContactFormApi, onSent: (() => void) | undefined) {
  const { ticket, ticketRefusal, takeTicket } = useContactTicket();
  const [send] = useMutation(SEND_CONTACT_MESSAGE);
  const [formError, setFormError] = useState<string | null>(null);

  const failed = () => toast.error(fr.contact.failureTitle, { description: fr.contact.failureText });

  const refused = (error: UserError) => {
    if (error.field && (FORM_FIELDS as readonly string[]).includes(error.field)) {
      showServerError(error, form.setError, FORM_FIELDS);
    } else {
      setFormError(error.message);
      toast.error(error.title ?? fr.contact.failureTitle, { description: error.message });
    }
  };

  const post = async (values: ContactValues, current: Ticket) => {
    if (!isContactSubject(values.subject)) return null;
    const { data } = await send({
      variables: {
        input: {
          name: values.name,
          email: values.email,
          subject: API_SUBJECTS[values.subject],
          message: values.message,
          acceptTerms: values.acceptTerms,
          ticket: current.token,
          website: values.website || null,
        },
      },
    });
    return data?.sendContactMessage ?? null;
  };

  const onSubmit = async (values: ContactValues) => {
    setFormError(null);
    // A form whose ticket could not be had (offline when it opened) asks again now.
    let current = (await ticket.current) ?? (await takeTicket());
    if (!current) return ticketRefusal.current ? refused(ticketRefusal.current) : failed();
    try {
      let result = await post(values, current);
      // The form stayed open past its ticket's life (two hours): a new ticket, the minimum wait
      // a person would have spent anyway, and the same message sent again, once.
      if (result?.error?.code === 'FORM_EXPIRED') {
        current = await takeTicket();
        if (!current) return ticketRefusal.current ? refused(ticketRefusal.current) : failed();
        await new Promise((resolve) => setTimeout(resolve, current!.minSeconds * 1000 + 250));
        result = await post(values, current);
      }
      if (result?.error) return refused(result.error);
      if (!result?.sent) return failed();
      toast.success(fr.contact.successTitle, { description: fr.contact.successText });
      form.reset();
      // A ticket is good for one message: the next one needs its own.
      void takeTicket();
      onSent?.();
    } catch (err) {
      const inputError = userErrorOf(err);
      if (inputError) refused(inputError);
      else failed();
    }
  };
  return { onSubmit, formError };
}

function NameEmailFields({ form, ids }: { form: ContactFormApi; ids: { name: string; email: string } }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id={ids.name} label={contact.form.name} error={form.formState.errors.name?.message}>
        <Input autoComplete="name" placeholder={contact.form.namePlaceholder} {...described(ids.name, form.formState.errors.name?.message)} {...form.register('name')} />
      </Field>
      <Field id={ids.email} label={contact.form.email} error={form.formState.errors.email?.message}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={contact.form.emailPlaceholder}
          {...described(ids.email, form.formState.errors.email?.message)}
          {...form.register('email')}
        />
      </Field>
    </div>
  );
}

/** The subject: a native select, its placeholder greyed until one is chosen. */
function SubjectField({ form, id }: { form: ContactFormApi; id: string }) {
  return (
    <Field id={id} label={contact.form.subject} error={form.formState.errors.subject?.message}>
      <div className="relative">
        <select
          className={cn(controlClass, 'h-10 appearance-none pr-10', !form.watch('subject') && 'text-muted-foreground')}
          {...described(id, form.formState.errors.subject?.message)}
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
  );
}

/** The refusal of the whole form (not of one field) above the send button. */
function SubmitRow({ id, formError, submitting }: { id: string; formError: string | null; submitting: boolean }) {
  return (
    <div className="flex flex-col gap-3 border-t pt-5">
      <FieldError id={id} message={formError ?? undefined} />
      <Button
        type="submit"
        size="lg"
        disabled={submitting}
        aria-describedby={formError ? id : undefined}
        className="w-full sm:w-auto sm:self-start"
      >
        <Send aria-hidden="true" />
        {submitting ? fr.contact.submitting : contact.form.submit}
      </Button>
    </div>
  );
}
