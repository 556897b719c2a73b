import { z } from 'zod';
import { defineEvent, pastVersion } from '../define';

/**
 * Data export, the right of access and portability (issue 23 point 2), in two steps.
 *
 * - `identity.user.export_requested`: the person (from « Mes données ») or an administrator (on their
 *   request, with a reason identity keeps) asked for everything LBF holds about them. No personal data:
 *   ids and times. `requestedBy` is the administrator's id, null when the person asked themself.
 * - `<service>.user.export_part_ready`: one service's part, what it holds about the person, as
 *   gzipped JSON in base64 (`content`; the kit's `encodeExportPart`), with the request's ids and times
 *   so that the assembler (messaging) needs nothing else. A part larger than one message travels as
 *   several events, `piece` 1 to `pieces` (v2), whose contents put end to end make the part. Sensitive: it is the person's data, so the
 *   producer's outbox row goes once published and the stream keeps the message one day only, time
 *   enough for messaging to take it (the archive it builds is kept RETENTION.exportArchiveHours).
 *
 * Each service publishes only its own subject (NATS permissions are per service prefix).
 */
export const identityUserExportRequested = defineEvent({
  subject: 'identity.user.export_requested',
  version: 1,
  schema: z.object({
    exportId: z.uuid(),
    userId: z.uuid(),
    requestedBy: z.uuid().nullable(),
    requestedAt: z.iso.datetime(),
  }),
});

/**
 * The most of a part one event may carry, gzipped and in base64: NATS refuses messages over its
 * max_payload (1 MiB by default), and the envelope needs some room.
 */
export const EXPORT_PART_MAX_CHARS = 900_000;
/** The most events one part may take (about 50 MB of gzipped JSON): beyond, the export fails loudly. */
export const EXPORT_PART_MAX_PIECES = 64;

const partV1 = z.object({
  exportId: z.uuid(),
  userId: z.uuid(),
  requestedBy: z.uuid().nullable(),
  requestedAt: z.iso.datetime(),
  /** The part's JSON, gzipped, in base64 (v2: this piece of it). */
  content: z.string().max(EXPORT_PART_MAX_CHARS),
});

/** v2: a part may come in several pieces; the assembler puts them together once all are in. */
const partSchema = partV1
  .extend({
    piece: z.number().int().min(1),
    pieces: z.number().int().min(1).max(EXPORT_PART_MAX_PIECES),
  })
  .refine((p) => p.piece <= p.pieces, { message: 'piece is beyond pieces', path: ['piece'] });

/** A v1 part was the whole part, in one piece. */
const PART_PAST = [pastVersion(1, partV1, partSchema, (data) => ({ ...data, piece: 1, pieces: 1 }))];

/** One day: the assembler is expected within minutes; a longer outage ends the export as failed anyway. */
const PART_RETENTION = { retentionMs: 24 * 60 * 60 * 1000 };

export const identityUserExportPartReady = defineEvent({ subject: 'identity.user.export_part_ready', version: 2, schema: partSchema, past: PART_PAST, sensitive: PART_RETENTION });
export const catalogueUserExportPartReady = defineEvent({ subject: 'catalogue.user.export_part_ready', version: 2, schema: partSchema, past: PART_PAST, sensitive: PART_RETENTION });
export const commerceUserExportPartReady = defineEvent({ subject: 'commerce.user.export_part_ready', version: 2, schema: partSchema, past: PART_PAST, sensitive: PART_RETENTION });
export const messagingUserExportPartReady = defineEvent({ subject: 'messaging.user.export_part_ready', version: 2, schema: partSchema, past: PART_PAST, sensitive: PART_RETENTION });
export const analyticsUserExportPartReady = defineEvent({ subject: 'analytics.user.export_part_ready', version: 2, schema: partSchema, past: PART_PAST, sensitive: PART_RETENTION });

/**
 * `messaging.user.export_failed`: an export that did not come together (a part missing after an
 * hour) ended as failed. Identity then stops counting it in the person's one export a day, so
 * « Mes données », which offers to ask again, is not refused. Ids and times only.
 */
export const messagingUserExportFailed = defineEvent({
  subject: 'messaging.user.export_failed',
  version: 1,
  schema: z.object({ exportId: z.uuid(), userId: z.uuid(), failedAt: z.iso.datetime() }),
});

/** The five services whose parts make one export, in the archive's order. */
export const EXPORT_SERVICES = ['identity', 'catalogue', 'commerce', 'messaging', 'analytics'] as const;
export type ExportService = (typeof EXPORT_SERVICES)[number];

/** The subject of a service's part. */
export const exportPartSubject = <S extends ExportService>(service: S) => `${service}.user.export_part_ready` as `${S}.user.export_part_ready`;
