import { createServiceDataSource, migrate } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { Article, PendingUpload, Pdf, SiteSetting, Testimonial, Video } from './entities';
import { CatalogueTables1763800000000 } from './migrations/catalogue-tables';

export const SCHEMA = 'catalogue';

export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({
    url,
    schema: SCHEMA,
    entities: [Video, Pdf, Article, Testimonial, SiteSetting, PendingUpload],
    migrations: [CatalogueTables1763800000000],
    poolSize,
  });
}

/** Any number that every instance agrees on; serialises migrations when several start together. */
export const MIGRATION_LOCK = 4102_0001;

export async function migrateCatalogue(ds: DataSource): Promise<string[]> {
  const lock = ds.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await migrate(ds);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
