import { idempotentConsumers, type EventBus, type Logger, type ModuleConsumer, type UnitOfWork } from '@lbf/service-kit';
import { applyHealthConsent, eraseProgressOf } from './store';

/** identity.user.consent_changed → the health-data consents read model. Stored by NATS: never rename. */
export const HEALTH_CONSENTS_CONSUMER = 'catalogue-health-consents';

/**
 * What a person watches, and where they stopped, reveals their health concerns (issue 23): catalogue
 * keeps watch progress only for people whose health-data consent it has seen given. Withdrawn, their
 * progress is erased in the same transaction, and none is kept or shown from then on (« Reprendre »
 * and the progress bars simply do not appear). What delivers what was bought stays: the
 * entitlements, which authorise playback and downloads. Through the kit's inbox (a redelivered event
 * changes nothing) and ordered by `changedAt`, so a late event never undoes a newer one.
 */
export function healthConsentsConsumer(args: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number }): ModuleConsumer[] {
  return idempotentConsumers(args, { 'identity.user.consent_changed': HEALTH_CONSENTS_CONSUMER }, {
    'identity.user.consent_changed': async ({ data }, { manager }) => {
      if (data.kind !== 'health_data') return;
      const applied = await applyHealthConsent(manager, data.userId, data.given, new Date(data.changedAt));
      if (applied && !data.given) await eraseProgressOf(manager, data.userId);
    },
  });
}
