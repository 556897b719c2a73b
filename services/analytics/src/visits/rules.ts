import { z } from 'zod';

export const MAX_PATH_LENGTH = 2048;
export const MAX_USER_AGENT_LENGTH = 1024;

const utf8 = new TextEncoder();

/** The one French word a script that sends a bad visit gets (the web app never does); the field says which. */
export const INVALID_VISIT = 'Visite invalide';

/** What the web app sends for each page it shows; nothing in it identifies a person. */
export const pageVisitInput = z.object({
  path: z
    .string({ error: INVALID_VISIT })
    .max(MAX_PATH_LENGTH, INVALID_VISIT)
    // Must start with / and hold no control characters.
    .regex(/^\/\P{Cc}*$/u, INVALID_VISIT)
    // Paths are indexed; a btree entry must stay well under Postgres' ~2.7 kB limit whatever the script.
    .refine((p) => utf8.encode(p).length <= MAX_PATH_LENGTH, INVALID_VISIT),
  // 8 to 64 characters among A-Z a-z 0-9 _ -
  visitorId: z.string({ error: INVALID_VISIT }).regex(/^[A-Za-z0-9_-]{8,64}$/, INVALID_VISIT),
  notFound: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export type PageVisitInput = z.infer<typeof pageVisitInput>;

/** The browser's user agent as stored: absent stays null, a long one is cut. */
export function storedUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  return userAgent.slice(0, MAX_USER_AGENT_LENGTH);
}
