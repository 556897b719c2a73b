import { useQuery, useSubscription } from '@/data/hooks';
import { Eye, Users } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { fetchPolicies } from '@/data/fetch-policies';
import { Card } from '@/components/ui/card';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { homeText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { HYDRATE_ON_VIEW } from '@/lib/hydrate-when-needed';
import { SectionIntro } from './section-intro';
import HOME_COUNTERS_QUERY from './graphql/home-counters.query.graphql';
import HOME_LIVE_COUNTERS from './graphql/home-live-counters.subscription.graphql';

/** `value` null: the counters could not be read (analytics unreachable), said discreetly. */
function Counter({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string | null; testId: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent text-primary">{icon}</span>
      <div>
        {value === null ? (
          <p className="flex h-9 items-center text-base text-muted-foreground" data-testid={testId} data-unavailable="true">
            {homeText.counterUnavailable}
          </p>
        ) : (
          <p className="text-3xl font-bold tabular-nums" data-testid={testId} aria-live="polite">
            {value}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{label}</p>
      </div>
    </Card>
  );
}

/**
 * 'Pourquoi nous choisir ?' and its two live counters, asked of analytics alone (graphql/home-counters.query.graphql):
 * when analytics is unreachable only they say so ('Indisponible pour le moment'), the rest of the
 * home stays. Spec §8: the failure is only logged.
 */
export function HomeCounters() {
  const countersQuery = useQuery(HOME_COUNTERS_QUERY, { fetchPolicy: fetchPolicies.liveCounters, errorPolicy: 'all' });
  // The counters are four sections down: their live updates start when they come near the screen.
  const countersSection = useRef<HTMLElement>(null);
  const countersNear = useNearViewport(countersSection);
  const live = useSubscription(HOME_LIVE_COUNTERS, { skip: !countersNear });
  const counters = live.data?.liveCounters ?? countersQuery.data?.liveCounters;
  const countersUnavailable = !counters && !countersQuery.loading && !!countersQuery.error;

  useEffect(() => {
    if (countersQuery.error) console.error('home: counters unavailable', countersQuery.error);
  }, [countersQuery.error]);

  return (
    // The counters are live: the page hydrates when they come near the screen (lib/hydrate-when-needed).
    <section
      ref={countersSection}
      aria-labelledby="why-title"
      className="below-first-screen container-page py-14 [--first-screen-estimate:26rem]"
      {...{ [HYDRATE_ON_VIEW]: '' }}
    >
      <SectionIntro id="why-title" title={fr.home.whyTitle} text={fr.home.whyText} />
      <div className="mx-auto grid max-w-3xl gap-4 sm:grid-cols-2">
        <Counter
          icon={<Users className="size-6" aria-hidden="true" />}
          label={fr.home.registeredUsers}
          value={countersUnavailable ? null : formatCount(counters?.registeredUsers)}
          testId="counter-registered-users"
        />
        <Counter
          icon={<Eye className="size-6" aria-hidden="true" />}
          label={fr.home.visitsToday}
          value={countersUnavailable ? null : formatCount(counters?.visitsToday)}
          testId="counter-visits-today"
        />
      </div>
    </section>
  );
}
