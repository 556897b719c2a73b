import { useMutation } from '@/data/hooks';
import { useState, type FormEvent } from 'react';
import type { NewsletterSource } from '@/generated/graphql';
import { newsletterText } from '@/i18n/messaging';
import { userErrorOf } from '@/lib/user-error';
import { isNewsletterEmail } from '../../lib/email';
import SUBSCRIBE_NEWSLETTER from './graphql/subscribe-newsletter.mutation.graphql';

export type NewsletterSignup = {
  email: string;
  setEmail(email: string): void;
  sending: boolean;
  /** The address the confirmation mail was asked for; null until then. */
  sentTo: string | null;
  /** The refusal to show under the box (invalid address, too many attempts, failure). */
  error: string | null;
  submit(event: FormEvent<HTMLFormElement>): void;
  /** Back to an empty box (another address). */
  again(): void;
};

/**
 * A newsletter box (the footer's or the catalogue's): checks the address, calls
 * `subscribeNewsletter` with the box's source, then says to check the inbox; the answer is the
 * same whatever the address (the server tells nothing about it either).
 */
export function useNewsletterSignup(source: NewsletterSource): NewsletterSignup {
  const [email, setEmailValue] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [subscribe, { loading }] = useMutation(SUBSCRIBE_NEWSLETTER);

  const setEmail = (value: string) => {
    setEmailValue(value);
    if (error) setError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const address = email.trim();
    if (!isNewsletterEmail(address)) {
      setError(newsletterText.invalidEmail);
      return;
    }
    setError(null);
    subscribe({ variables: { email: address, source } })
      .then(({ data }) => {
        const result = data?.subscribeNewsletter;
        if (result?.error) setError(result.error.message);
        else if (result?.ok) setSentTo(address);
        else setError(newsletterText.failure);
      })
      .catch((err: unknown) => setError(userErrorOf(err)?.message ?? newsletterText.failure));
  };

  const again = () => {
    setSentTo(null);
    setEmailValue('');
    setError(null);
  };

  return { email, setEmail, sending: loading, sentTo, error, submit, again };
}
