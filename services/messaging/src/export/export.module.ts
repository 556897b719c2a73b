import { EXPORT_SERVICES, exportPartSubject, type ExportService } from '@lbf/proto-events';
import { defineModule, idempotentConsumers, userExportModule, type EventHandler } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { findUser } from '../users';
import { receivePart } from './assemble';
import { downloadRoutes } from './download';
import { userDataExportResolvers } from './resolvers';
import { purgeExports } from './purge';
import { messagingPart } from './store';

/** Deterministic scheduler id: every replica upserts the same one. */
export const PURGE_EXPORTS_SCHEDULER_ID = 'messaging-purge-exports';
const PURGE_EVERY_MS = 15 * 60_000;
/** An export still missing a part after this long ends as failed (« Mes données » says so and offers to ask again). */
export const EXPORT_STALE_MS = 60 * 60_000;

/** Durable names of the five parts' consumers, stored in NATS: never rename. */
const PART_DURABLES = Object.fromEntries(EXPORT_SERVICES.map((s) => [exportPartSubject(s), `messaging-export-part-${s}`])) as Record<`${ExportService}.user.export_part_ready`, string>;

/**
 * Data export (issue 23 point 2), messaging's side. Its own part (durable `messaging-export-requested`,
 * the kit's export room); the assembly of the five parts into the archive, the link mailed to the
 * person (assemble.ts); the download (download.ts); User.dataExport (resolvers.ts); and every 15
 * minutes, archives past their time deleted and exports stuck for an hour ended as failed.
 */
export const messagingExport = (deps: MessagingDeps) => {
  const handlers: { [K in keyof typeof PART_DURABLES]: EventHandler<K> } = {
    'identity.user.export_part_ready': ({ data }, tx) => receivePart(deps, 'identity', data, tx),
    'catalogue.user.export_part_ready': ({ data }, tx) => receivePart(deps, 'catalogue', data, tx),
    'commerce.user.export_part_ready': ({ data }, tx) => receivePart(deps, 'commerce', data, tx),
    'messaging.user.export_part_ready': ({ data }, tx) => receivePart(deps, 'messaging', data, tx),
    'analytics.user.export_part_ready': ({ data }, tx) => receivePart(deps, 'analytics', data, tx),
  };
  const assembly = defineModule<MessagingJobs>({
    name: 'export-assembly',
    resolvers: { User: userDataExportResolvers(deps) },
    routes: downloadRoutes(deps),
    consumers: idempotentConsumers({ ...deps, maxDeliver: deps.config.eventMaxDeliver }, PART_DURABLES, handlers),
    jobHandlers: {
      'purge-exports': async () => {
        const done = await purgeExports(deps, EXPORT_STALE_MS);
        if (done.deleted || done.failed) deps.log.info(done, 'data exports purged');
        return done;
      },
    },
    jobSchedules: [{ id: PURGE_EXPORTS_SCHEDULER_ID, name: 'purge-exports', repeat: { every: PURGE_EVERY_MS } }],
  });
  const part = userExportModule<MessagingJobs>('messaging', { ...deps, maxDeliver: deps.config.eventMaxDeliver }, async (request, { manager }) =>
    messagingPart(manager, request.userId, (await findUser(manager, request.userId))?.email ?? null),
  );
  return [assembly, part];
};
