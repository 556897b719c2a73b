import { defineModule, idempotentConsumers, userExportModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import type { IdentityJobs } from '../shared/jobs';
import { dataExportRequestFields, exportMutations } from './resolvers';
import { identityPart, markExportFailed } from './store';

/** Durable name, stored in NATS: never rename. */
export const EXPORT_FAILED_CONSUMER = 'identity-export-failed';

/**
 * Data export (issue 23 point 2), identity's side: the request (the person's « Demander l'export », an
 * administrator's « Exporter les données » with a reason, journaled), one per person per day, published
 * as `identity.user.export_requested`; and identity's own part (durable `identity-export-requested`,
 * the kit's export room): profile, sign-in history, bans and their reasons, consents. An export
 * messaging could not put together (messaging.user.export_failed) stops counting in the day's one.
 */
export const exportModule = (deps: IdentityDeps) =>
  defineModule<IdentityJobs>({
    name: 'data-export',
    resolvers: { Mutation: exportMutations(deps), DataExportRequest: dataExportRequestFields },
    consumers: idempotentConsumers(
      deps,
      { 'messaging.user.export_failed': EXPORT_FAILED_CONSUMER },
      { 'messaging.user.export_failed': ({ data }, { manager }) => markExportFailed(manager, data.exportId, new Date(data.failedAt)) },
    ),
  });

export const identityExportPart = (deps: IdentityDeps) =>
  userExportModule<IdentityJobs>('identity', deps, (request, { manager }) => identityPart(manager, request.userId));
