import { idempotentConsumers, type ModuleConsumer } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { applyHealthConsent, unlinkViewsOf } from './store';

/** identity.user.consent_changed → the health-data consents read model. Stored by NATS: never rename. */
export const HEALTH_CONSENTS_CONSUMER = 'analytics-health-consents';

/**
 * Which lessons a person watches and which guides they download reveal their health concerns
 * (issue 23): analytics ties a view or a download to the person only while their health-data
 * consent is given (statistics/store.ts). Withdrawn, their past views and downloads are unlinked in
 * the same transaction: still counted, no longer theirs. Page visits never name a person (an
 * anonymous visitor id only). Through the kit's inbox, ordered by `changedAt`: a late event never
 * undoes a newer one.
 */
export function healthConsentsConsumer(deps: AnalyticsDeps): ModuleConsumer[] {
  return idempotentConsumers(
    { bus: deps.bus, uow: deps.uow, log: deps.log, maxDeliver: deps.settings.eventMaxDeliver },
    { 'identity.user.consent_changed': HEALTH_CONSENTS_CONSUMER },
    {
      'identity.user.consent_changed': async ({ data }, { manager }) => {
        if (data.kind !== 'health_data') return;
        const applied = await applyHealthConsent(manager, data.userId, data.given, data.changedAt);
        if (applied && !data.given) await unlinkViewsOf(manager, data.userId);
      },
    },
  );
}
