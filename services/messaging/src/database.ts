import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { MessagingTables1764100000000 } from './migrations/messaging-tables';
import { SiteSettingsLegal1764300000200 } from './migrations/site-settings-legal';
import { UsersBanChangedAt1764100000100 } from './migrations/users-ban-changed-at';

export const SCHEMA = 'messaging';

/**
 * No TypeORM entities: every module reads and writes its tables in raw SQL through the EntityManager
 * (its `store.ts`), which claims with UPDATE … RETURNING, keyset pages and INSERT … SELECT fan-outs need.
 */
export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({ url, schema: SCHEMA, migrations: [MessagingTables1764100000000, UsersBanChangedAt1764100000100, SiteSettingsLegal1764300000200], poolSize });
}
