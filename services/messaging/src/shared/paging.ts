import { z } from 'zod';

/** The paging arguments every admin list takes. */
export const pagingSchema = z.object({
  page: z.number().int().min(1).max(100_000).nullish().transform((v) => v ?? 1),
  pageSize: z.number().int().min(1).max(100).nullish().transform((v) => v ?? 25),
});
