import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { IdentityAccountDeletions1780000000000 } from './migrations/identity-account-deletions';
import { IdentityDataExports1781000000000 } from './migrations/identity-data-exports';
import { IdentityExportFailures1782000000700 } from './migrations/identity-export-failures';
import { IdentityApiKeys1782000000000 } from './migrations/identity-api-keys';
import { IdentityAdminUsers1765000000000 } from './migrations/identity-admin-users';
import { IdentityConsents1767000000000 } from './migrations/identity-consents';
import { IdentityInitial1732000000000 } from './migrations/identity-initial';
import { IdentityRefreshRetry1766000000000 } from './migrations/identity-refresh-retry';

export const SCHEMA = 'identity';

/**
 * Identity's tables come from its migrations alone and are read and written with raw SQL (each
 * room's store.ts): no TypeORM entities of its own, only the kit's outbox and inbox.
 */
export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({
    url,
    schema: SCHEMA,
    migrations: [IdentityInitial1732000000000, IdentityAdminUsers1765000000000, IdentityRefreshRetry1766000000000, IdentityConsents1767000000000, IdentityAccountDeletions1780000000000, IdentityDataExports1781000000000, IdentityExportFailures1782000000700, IdentityApiKeys1782000000000],
    poolSize,
  });
}
