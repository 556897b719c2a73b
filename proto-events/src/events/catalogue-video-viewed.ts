import { z } from 'zod';
import { defineEvent, pastVersion } from '../define';

const v1 = z.object({
  videoId: z.uuid(),
  userId: z.uuid(),
  /** The UTC day the view counts for, YYYY-MM-DD. */
  viewedOn: z.iso.date(),
  /** FULL for a buyer's or an administrator's playback, PREVIEW for the free preview. */
  mode: z.enum(['FULL', 'PREVIEW']),
  occurredAt: z.iso.datetime(),
});

/** The anonymous id a signed-out browser keeps (the one its page visits carry). */
export const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * v2: a signed-out visitor's free preview counts too, keyed by their anonymous visitor id. Exactly
 * one of `userId` (signed in) and `visitorId` (signed out, always PREVIEW) is set. A v1 event was
 * a signed-in viewer's.
 */
const v2 = v1
  .extend({
    userId: z.uuid().nullable(),
    visitorId: z.string().regex(VISITOR_ID).nullable(),
  })
  .refine((d) => (d.userId === null) !== (d.visitorId === null), { message: 'exactly one of userId and visitorId' });

/**
 * A viewer watched a video for at least 10 seconds; published at most once per viewer (user or
 * anonymous visitor), video and calendar day (UTC), in the same transaction that adds one to the
 * video's view count.
 */
export const catalogueVideoViewed = defineEvent({
  subject: 'catalogue.video.viewed',
  version: 2,
  schema: v2,
  past: [pastVersion(1, v1, v2, (data) => ({ ...data, visitorId: null }))],
});
