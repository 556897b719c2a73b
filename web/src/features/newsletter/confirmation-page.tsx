import { useApolloMutation } from '@/data/hooks';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { newsletterText } from '@/i18n/messaging';
import { userErrorOf } from '@/lib/user-error';
import { HomeLink, NewsletterCard, NewsletterSuccess, useNewsletterTitle } from './newsletter-layout';
import CONFIRM_NEWSLETTER from './graphql/confirm-newsletter.mutation.graphql';

const text = newsletterText.confirm;

type State = { step: 'ask' } | { step: 'confirmed' } | { step: 'failed'; message: string };

/**
 * /newsletter/confirmation/:token, the link of the confirmation mail. Opening it confirms nothing
 * (mail scanners follow links): the person presses 'Confirmer mon abonnement', a POST.
 */
export default function NewsletterConfirmationPage() {
  useNewsletterTitle(text.documentTitle);
  const { token = '' } = useParams();
  const [confirm, { loading }] = useApolloMutation(CONFIRM_NEWSLETTER);
  const [state, setState] = useState<State>({ step: 'ask' });
  const heading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.step !== 'ask') heading.current?.focus();
  }, [state.step]);

  const onConfirm = () => {
    confirm({ variables: { token } })
      .then(({ data }) => {
        const result = data?.confirmNewsletter;
        if (result?.confirmed) setState({ step: 'confirmed' });
        else setState({ step: 'failed', message: result?.error?.message ?? text.failure });
      })
      .catch((err: unknown) => setState({ step: 'failed', message: userErrorOf(err)?.message ?? text.failure }));
  };

  if (state.step === 'confirmed') {
    return (
      <div ref={heading} tabIndex={-1} role="status" className="outline-none">
        <NewsletterSuccess text={text} testId="newsletter-confirmed" />
      </div>
    );
  }
  return (
    <NewsletterCard tone={state.step === 'failed' ? 'error' : 'info'} title={state.step === 'failed' ? text.errorTitle : text.title}>
      {state.step === 'failed' ? (
        <div ref={heading} tabIndex={-1} role="alert" className="flex flex-col items-center gap-4 outline-none" data-testid="newsletter-confirm-error">
          <p className="text-muted-foreground">{state.message}</p>
          <HomeLink label={text.home} />
        </div>
      ) : (
        <>
          <p className="text-muted-foreground">{text.lead}</p>
          <Button size="lg" className="w-full sm:w-auto" disabled={loading} onClick={onConfirm}>
            {loading && <Loader2 className="animate-spin" aria-hidden="true" />}
            {loading ? text.confirming : text.button}
          </Button>
        </>
      )}
    </NewsletterCard>
  );
}
