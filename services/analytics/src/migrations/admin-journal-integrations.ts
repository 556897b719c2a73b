import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The journal records integrations too (issue 24): an API key with content:write acts as itself,
 * `origin = 'integration'`, its key's id in actor_id and its name in actor_name. Only the CHECK on
 * origin changes (ALTER TABLE, which the append-only trigger does not see). Undone, the narrower
 * CHECK comes back NOT VALID: entries an integration made stay, as the journal keeps everything.
 */
export class AdminJournalIntegrations1782000000400 implements MigrationInterface {
  name = 'AdminJournalIntegrations1782000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admin_journal DROP CONSTRAINT admin_journal_origin_check`);
    await q.query(`ALTER TABLE admin_journal ADD CONSTRAINT admin_journal_origin_check CHECK (origin IN ('back-office', 'command-line', 'integration'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admin_journal DROP CONSTRAINT admin_journal_origin_check`);
    await q.query(`ALTER TABLE admin_journal ADD CONSTRAINT admin_journal_origin_check CHECK (origin IN ('back-office', 'command-line')) NOT VALID`);
  }
}
