import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * A signed-in viewer watched a video for at least 10 seconds; published at most once per user,
 * video and calendar day (UTC), in the same transaction that adds one to the video's view count.
 */
export const catalogueVideoViewed = defineEvent({
  subject: 'catalogue.video.viewed',
  version: 1,
  schema: z.object({
    videoId: z.uuid(),
    userId: z.uuid(),
    /** The UTC day the view counts for, YYYY-MM-DD. */
    viewedOn: z.iso.date(),
    /** FULL for a buyer's or an administrator's playback, PREVIEW for the free preview. */
    mode: z.enum(['FULL', 'PREVIEW']),
    occurredAt: z.iso.datetime(),
  }),
});
