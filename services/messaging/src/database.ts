import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { AccountDeletionMail1780000000100 } from './migrations/account-deletion-mail';
import { DataExports1781000000100 } from './migrations/data-exports';
import { ExportPartPieces1783000000100 } from './migrations/export-part-pieces';
import { GiftMail1782000000100 } from './migrations/gift-mail';
import { HashedSuppressions1780000000000 } from './migrations/hashed-suppressions';
import { MessagingTables1764100000000 } from './migrations/messaging-tables';
import { PayLinkMails1782000000201 } from './migrations/pay-link-mails';
import { ReviewReminders1780000000200 } from './migrations/review-reminders';
import { SiteSettingsLegal1764300000200 } from './migrations/site-settings-legal';
import { UsersBanChangedAt1764100000100 } from './migrations/users-ban-changed-at';
import { Webhooks1782000000500 } from './migrations/webhooks';
import { WebhookSecretRotation1783000000200 } from './migrations/webhook-secret-rotation';

export const SCHEMA = 'messaging';

/**
 * No TypeORM entities: every module reads and writes its tables in raw SQL through the EntityManager
 * (its `store.ts`), which claims with UPDATE … RETURNING, keyset pages and INSERT … SELECT fan-outs need.
 */
export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({
    url,
    schema: SCHEMA,
    migrations: [
      MessagingTables1764100000000,
      UsersBanChangedAt1764100000100,
      SiteSettingsLegal1764300000200,
      HashedSuppressions1780000000000,
      AccountDeletionMail1780000000100,
      ReviewReminders1780000000200,
      DataExports1781000000100,
      GiftMail1782000000100,
      PayLinkMails1782000000201,
      Webhooks1782000000500,
      ExportPartPieces1783000000100,
      WebhookSecretRotation1783000000200,
    ],
    poolSize,
  });
}
