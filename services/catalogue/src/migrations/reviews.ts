import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26 point 4, verified reviews: one review per person and item (the unique key is what makes
 * « une seule fois » hold under parallel calls), written only by a buyer. `reviewer_name` is the
 * first name and initial shown under it, taken from the buyer's order when they write it (nothing
 * more of the person is kept here); `search_text` the back office's search (shared/search.ts). A hidden review keeps who hid it, when and why.
 */
export class Reviews1764700000100 implements MigrationInterface {
  name = 'Reviews1764700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reviews (
      id uuid PRIMARY KEY,
      item_id uuid NOT NULL,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      user_id uuid NOT NULL,
      reviewer_name text NOT NULL,
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      body text NOT NULL DEFAULT '',
      search_text text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      hidden_at timestamptz,
      hidden_by uuid,
      hidden_reason text,
      CONSTRAINT reviews_one_per_user_item UNIQUE (user_id, item_id),
      CONSTRAINT reviews_hidden_with_reason CHECK (hidden_at IS NULL OR hidden_reason IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX reviews_item_visible ON reviews (item_id, created_at DESC, id DESC) WHERE hidden_at IS NULL`);
    await q.query(`CREATE INDEX reviews_created ON reviews (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reviews`);
  }
}
