import type { ValueTransformer } from 'typeorm';

/** bigint and numeric columns arrive from pg as strings; the values here stay far below 2^53. */
export const numberColumn: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? null : Number(v)),
};
