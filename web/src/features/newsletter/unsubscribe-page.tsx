import { useApolloMutation } from '@/data/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { newsletterText } from '@/i18n/messaging';
import { userErrorOf } from '@/lib/user-error';
import { HomeLink, NewsletterCard, NewsletterSuccess, useNewsletterTitle } from './newsletter-layout';
import UNSUBSCRIBE_NEWSLETTER from './graphql/unsubscribe-newsletter.mutation.graphql';

const text = newsletterText.unsubscribe;

/** `retry`: the server could not be reached (an invalid link is not worth another try). */
type State = { step: 'working' } | { step: 'done' } | { step: 'failed'; message: string; retry: boolean };

/**
 * /newsletter/desinscription/:token, the visible link of every campaign mail: unsubscribes at once
 * (no confirmation step), once per opening of the page, and says so.
 */
export default function NewsletterUnsubscribePage() {
  useNewsletterTitle(text.documentTitle);
  const { token = '' } = useParams();
  const [unsubscribe] = useApolloMutation(UNSUBSCRIBE_NEWSLETTER);
  const [state, setState] = useState<State>({ step: 'working' });
  const asked = useRef<string | null>(null);

  const run = useCallback(() => {
    setState({ step: 'working' });
    unsubscribe({ variables: { token } })
      .then(({ data }) => {
        const result = data?.unsubscribeNewsletter;
        if (result?.unsubscribed) setState({ step: 'done' });
        else setState({ step: 'failed', message: result?.error?.message ?? text.failure, retry: !result?.error });
      })
      .catch((err: unknown) => {
        const refused = userErrorOf(err);
        setState({ step: 'failed', message: refused?.message ?? text.failure, retry: !refused });
      });
  }, [token, unsubscribe]);

  // Once per token, even when React runs effects twice in development.
  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    run();
  }, [run, token]);

  if (state.step === 'working') {
    return <PageSpinner label={text.working} />;
  }
  if (state.step === 'done') {
    return (
      <div role="status">
        <NewsletterSuccess text={text} testId="newsletter-unsubscribed" />
      </div>
    );
  }
  return (
    <div role="alert">
      <NewsletterCard tone="error" title={text.errorTitle} testId="newsletter-unsubscribe-error">
        <p className="text-muted-foreground">{state.message}</p>
        <div className="flex flex-col items-center gap-3 sm:flex-row">
          {state.retry && (
            <Button variant="outline" onClick={run}>
              {text.retry}
            </Button>
          )}
          <HomeLink label={text.home} />
        </div>
      </NewsletterCard>
    </div>
  );
}
