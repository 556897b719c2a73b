import { EXPORT_PART_MAX_CHARS, EXPORT_PART_MAX_PIECES, exportPartSubject, type EventData, type ExportService } from '@lbf/proto-events';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { EventBus } from './event-bus';
import type { Logger } from './logger';
import { defineModule, type ModuleParts } from './module';
import type { JobMap } from './queues';
import type { Tx } from './tx';
import { idempotentConsumers } from './consumers';
import type { UnitOfWork } from './unit-of-work';

/**
 * Data export (issue 23 point 2): what every service does when identity announces
 * `identity.user.export_requested`, written once. Each service says what it holds about the person
 * (its `collect`, plain JSON, secrets left out); the kit runs it once per event (the inbox, in the
 * same transaction) and publishes the part as `<service>.user.export_part_ready` through the
 * outbox, for messaging to put in the archive. A service down at the time contributes when it comes
 * back (a durable consumer resumes where it stood); a redelivered event finds its inbox row.
 */

export type ExportRequested = EventData<'identity.user.export_requested'>;

/** A service's part: named sections (`profile`, `orders`, …), each a JSON value. */
export type ExportPart = Record<string, unknown>;

export { EXPORT_PART_MAX_CHARS, EXPORT_PART_MAX_PIECES };

/**
 * A part as its events carry it: JSON, gzipped, in base64, cut into pieces of at most
 * EXPORT_PART_MAX_CHARS (one per event; most parts are one piece). Put end to end, the pieces
 * decode with decodeExportPart. One needing more than EXPORT_PART_MAX_PIECES fails loudly (the
 * event is parked and the export ends as failed) rather than arriving cut.
 */
export function encodeExportPart(part: ExportPart, limits = { chars: EXPORT_PART_MAX_CHARS, pieces: EXPORT_PART_MAX_PIECES }): string[] {
  const content = gzipSync(Buffer.from(JSON.stringify(part))).toString('base64');
  const pieces: string[] = [];
  for (let at = 0; at < content.length || pieces.length === 0; at += limits.chars) pieces.push(content.slice(at, at + limits.chars));
  if (pieces.length > limits.pieces) throw new Error(`export part of ${content.length} characters, over ${limits.pieces} pieces of ${limits.chars}`);
  return pieces;
}

export function decodeExportPart(content: string): ExportPart {
  return JSON.parse(gunzipSync(Buffer.from(content, 'base64')).toString('utf8')) as ExportPart;
}

/** The durable of a service's export part. Stored by NATS: never rename. */
export const userExportConsumer = (service: string) => `${service}-export-requested`;

/**
 * A service's export room: `identity.user.export_requested` → `collect` (what the service holds
 * about the person, read in the inbox's transaction) → `<service>.user.export_part_ready`, one
 * event per piece, all in that transaction's outbox.
 */
export function userExportModule<J extends JobMap = JobMap>(
  service: ExportService,
  deps: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number },
  collect: (request: ExportRequested, tx: Tx) => Promise<ExportPart>,
): ModuleParts<J> {
  return defineModule<J>({
    name: 'export',
    consumers: idempotentConsumers(deps, { 'identity.user.export_requested': userExportConsumer(service) }, {
      'identity.user.export_requested': async ({ data }, tx) => {
        const part = await collect(data, tx);
        const { exportId, userId, requestedBy, requestedAt } = data;
        const pieces = encodeExportPart(part);
        for (const [i, content] of pieces.entries()) {
          await tx.emit(exportPartSubject(service), { exportId, userId, requestedBy, requestedAt, content, piece: i + 1, pieces: pieces.length });
        }
        deps.log.info({ exportId, userId, sections: Object.keys(part), pieces: pieces.length }, `${service}: data export part ready`);
      },
    }),
  });
}
