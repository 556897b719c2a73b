import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account deletion (issue 23): a deleted person's address stays on the suppression list, so that it
 * is never mailed again, but only as a hash. Every suppression is now matched by `email_hash`, the
 * SHA-256 (hex) of the normalised address (shared/email.ts `suppressionHash`, the same as this
 * migration computes for the existing rows); `email` is kept in clear for the others (unsubscribed,
 * bounced, complained) and is null on an erased person's row (reason 'erased').
 */
export class HashedSuppressions1780000000000 implements MigrationInterface {
  name = 'HashedSuppressions1780000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE suppressions ADD COLUMN email_hash text`);
    await q.query(`UPDATE suppressions SET email_hash = encode(sha256(convert_to(email, 'UTF8')), 'hex')`);
    await q.query(`ALTER TABLE suppressions DROP CONSTRAINT suppressions_pkey, ALTER COLUMN email DROP NOT NULL, ALTER COLUMN email_hash SET NOT NULL,
      ADD PRIMARY KEY (email_hash)`);
    await q.query(`ALTER TABLE suppressions DROP CONSTRAINT suppressions_reason_check,
      ADD CONSTRAINT suppressions_reason_check CHECK (reason IN ('unsubscribed', 'bounced', 'complained', 'erased')),
      ADD CONSTRAINT suppressions_erased_no_address CHECK ((reason = 'erased') = (email IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM suppressions WHERE email IS NULL`);
    await q.query(`ALTER TABLE suppressions DROP CONSTRAINT suppressions_erased_no_address, DROP CONSTRAINT suppressions_reason_check,
      ADD CONSTRAINT suppressions_reason_check CHECK (reason IN ('unsubscribed', 'bounced', 'complained'))`);
    await q.query(`ALTER TABLE suppressions DROP CONSTRAINT suppressions_pkey, ALTER COLUMN email SET NOT NULL, ADD PRIMARY KEY (email), DROP COLUMN email_hash`);
  }
}
