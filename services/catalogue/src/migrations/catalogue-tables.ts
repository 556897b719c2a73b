import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogueTables1763800000000 implements MigrationInterface {
  name = 'CatalogueTables1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE videos (
      id uuid PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      category text NOT NULL CHECK (category IN ('exercise', 'nutrition', 'wellbeing', 'sleep', 'health')),
      price_cents integer NOT NULL DEFAULT 359 CHECK (price_cents >= 0),
      currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
      duration_seconds integer CHECK (duration_seconds >= 0),
      presenter_name text,
      presenter_title text,
      presenter_photo_key text,
      learn_items jsonb NOT NULL DEFAULT '[]'::jsonb,
      video_key text NOT NULL UNIQUE,
      video_content_type text NOT NULL,
      video_size bigint NOT NULL CHECK (video_size > 0),
      thumbnail_key text,
      view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
      search_text text NOT NULL,
      title_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX videos_newest ON videos (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX videos_category ON videos (category, created_at DESC)`);

    await q.query(`CREATE TABLE pdfs (
      id uuid PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      category text NOT NULL CHECK (category IN ('exercise', 'nutrition', 'wellbeing', 'sleep', 'health')),
      price_cents integer NOT NULL DEFAULT 100 CHECK (price_cents >= 0),
      currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
      file_key text NOT NULL UNIQUE,
      file_size bigint NOT NULL CHECK (file_size > 0),
      page_count integer CHECK (page_count > 0),
      illustration_key text,
      rating numeric(2,1) CHECK (rating BETWEEN 0 AND 5),
      download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
      search_text text NOT NULL,
      title_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX pdfs_newest ON pdfs (created_at DESC, id DESC)`);

    await q.query(`CREATE TABLE articles (
      id uuid PRIMARY KEY,
      title text NOT NULL,
      excerpt text NOT NULL,
      body_html text NOT NULL,
      author text NOT NULL,
      category text NOT NULL CHECK (category IN ('cardio', 'nutrition', 'sleep', 'wellbeing')),
      image_key text,
      read_time_minutes integer NOT NULL CHECK (read_time_minutes >= 1),
      status text NOT NULL CHECK (status IN ('draft', 'published')),
      published_at timestamptz,
      search_text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status = 'draft' OR published_at IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX articles_published ON articles (published_at DESC) WHERE status = 'published'`);

    await q.query(`CREATE TABLE testimonials (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      location text NOT NULL DEFAULT '',
      content text NOT NULL,
      rating smallint NOT NULL DEFAULT 5 CHECK (rating BETWEEN 1 AND 5),
      video_title text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX testimonials_active ON testimonials (created_at DESC) WHERE is_active`);

    await q.query(`CREATE TABLE site_settings (
      key text PRIMARY KEY CHECK (key IN ('site_name', 'site_description', 'site_logo', 'hero_title', 'hero_subtitle',
        'contact_email', 'contact_phone', 'social_facebook', 'social_twitter', 'social_instagram')),
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE pending_uploads (
      id uuid PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('VIDEO', 'THUMBNAIL', 'PDF', 'ILLUSTRATION')),
      bucket text NOT NULL CHECK (bucket IN ('videos', 'pdfs')),
      object_key text NOT NULL,
      file_name text NOT NULL,
      declared_content_type text NOT NULL,
      declared_size bigint NOT NULL,
      max_bytes bigint NOT NULL,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      url_expires_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      UNIQUE (bucket, object_key)
    )`);
    await q.query(`CREATE INDEX pending_uploads_expires ON pending_uploads (expires_at)`);

    // One row per seed that ran, so demo content deleted by an administrator never comes back.
    await q.query(`CREATE TABLE seed_runs (
      name text PRIMARY KEY,
      ran_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['seed_runs', 'pending_uploads', 'site_settings', 'testimonials', 'articles', 'pdfs', 'videos']) await q.query(`DROP TABLE ${t}`);
  }
}
