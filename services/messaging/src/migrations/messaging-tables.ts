import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging's tables. Addresses are stored lower-cased and trimmed (shared/email.ts), so equality
 * is plain text equality. Times are timestamptz.
 */
export class MessagingTables1764100000000 implements MigrationInterface {
  name = 'MessagingTables1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await readModels(q);
    await mailTables(q);
    await contactTables(q);
    await newsletterTables(q);
    await messagesTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'internal_message_reads',
      'internal_messages',
      'campaign_clicks',
      'campaign_links',
      'campaigns',
      'newsletter_subscribers',
      'contact_replies',
      'contact_messages',
      'suppressions',
      'mail_deliveries',
      'site_settings',
      'users',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}

async function readModels(q: QueryRunner): Promise<void> {
  // ── Read models ──
  // Users as identity announced them (identity.user.registered / .banned): names and addresses for
  // mails and the recipient select; banned users get no internal message and are not counted.
  await q.query(`CREATE TABLE users (
    user_id uuid PRIMARY KEY,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    banned boolean NOT NULL DEFAULT false,
    registered_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await q.query(`CREATE INDEX users_email ON users (email)`);
  // The site's name, logo and contact address for every mail (catalogue.settings.updated); one row.
  await q.query(`CREATE TABLE site_settings (
    id smallint PRIMARY KEY CHECK (id = 1),
    site_name text NOT NULL,
    site_logo text,
    contact_email text,
    contact_phone text,
    occurred_at timestamptz NOT NULL
  )`);
}

async function mailTables(q: QueryRunner): Promise<void> {
  // ── E-mail ──
  // One row per logical mail to one recipient, written before anything is sent. (purpose,
  // dedupe_key) makes a redelivered event or a second fan-out a no-op; a worker claims the row
  // (queued -> sending) before talking to SMTP and marks it sent after, so a retry never sends
  // twice; a crash leaves it 'sending' (visible; the sweeper decides, never a blind resend).
  // `data` is the template's typed input; campaign mails carry only their ids (rendered at send).
  await q.query(`CREATE TABLE mail_deliveries (
    id uuid PRIMARY KEY,
    purpose text NOT NULL CHECK (purpose IN ('password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement',
      'contact_reply', 'newsletter_confirmation', 'newsletter_campaign', 'newsletter_test')),
    dedupe_key text NOT NULL,
    recipient text NOT NULL,
    subject text NOT NULL,
    data jsonb NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'suppressed')),
    attempts int NOT NULL DEFAULT 0,
    last_error text,
    smtp_message_id text,
    campaign_id uuid,
    subscriber_id uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    claimed_at timestamptz,
    sent_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (purpose, dedupe_key)
  )`);
  await q.query(`CREATE INDEX mail_deliveries_status ON mail_deliveries (status, created_at)`);
  await q.query(`CREATE INDEX mail_deliveries_campaign ON mail_deliveries (campaign_id, status) WHERE campaign_id IS NOT NULL`);
  await q.query(`CREATE INDEX mail_deliveries_created ON mail_deliveries (created_at DESC)`);
  // Addresses nothing marketing may reach: unsubscribed, hard-bounced, complained. Checked at send time.
  await q.query(`CREATE TABLE suppressions (
    email text PRIMARY KEY,
    reason text NOT NULL CHECK (reason IN ('unsubscribed', 'bounced', 'complained')),
    detail text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
}

async function contactTables(q: QueryRunner): Promise<void> {
  // ── Contact ──
  await q.query(`CREATE TABLE contact_messages (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    email text NOT NULL,
    subject text NOT NULL CHECK (subject IN ('general', 'support', 'partnership', 'subscription', 'other')),
    message text NOT NULL,
    ip text,
    received_at timestamptz NOT NULL DEFAULT now(),
    read_at timestamptz,
    archived_at timestamptz
  )`);
  await q.query(`CREATE INDEX contact_messages_inbox ON contact_messages (received_at DESC) WHERE archived_at IS NULL`);
  await q.query(`CREATE TABLE contact_replies (
    id uuid PRIMARY KEY,
    contact_message_id uuid NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    body text NOT NULL,
    sender_id uuid NOT NULL,
    sender_name text NOT NULL,
    delivery_id uuid NOT NULL REFERENCES mail_deliveries (id),
    sent_at timestamptz NOT NULL DEFAULT now()
  )`);
  await q.query(`CREATE INDEX contact_replies_message ON contact_replies (contact_message_id, sent_at)`);
}

async function newsletterTables(q: QueryRunner): Promise<void> {
  // ── Newsletter ──
  // Double opt-in: 'pending' until the link in the confirmation mail is confirmed (POST).
  // Consent: requested_at + request_ip + source (the ask), confirmed_at + confirm_ip (the consent).
  await q.query(`CREATE TABLE newsletter_subscribers (
    id uuid PRIMARY KEY,
    email text NOT NULL UNIQUE,
    status text NOT NULL CHECK (status IN ('pending', 'active', 'unsubscribed', 'bounced', 'complained')),
    source text NOT NULL CHECK (source IN ('footer', 'catalogue')),
    subscribed_at timestamptz NOT NULL DEFAULT now(),
    request_ip text,
    confirm_token_hash text,
    confirm_expires_at timestamptz,
    confirmed_at timestamptz,
    confirm_ip text,
    unsubscribed_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await q.query(`CREATE INDEX newsletter_subscribers_status ON newsletter_subscribers (status, subscribed_at DESC)`);
  await q.query(`CREATE UNIQUE INDEX newsletter_subscribers_confirm_token ON newsletter_subscribers (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL`);
  await q.query(`CREATE TABLE campaigns (
    id uuid PRIMARY KEY,
    subject text NOT NULL,
    content_html text NOT NULL,
    status text NOT NULL CHECK (status IN ('queued', 'sending', 'sent')),
    total int NOT NULL DEFAULT 0,
    sent int NOT NULL DEFAULT 0,
    failed int NOT NULL DEFAULT 0,
    suppressed int NOT NULL DEFAULT 0,
    created_by uuid NOT NULL,
    sender_name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    finished_at timestamptz
  )`);
  await q.query(`CREATE INDEX campaigns_created ON campaigns (created_at DESC)`);
  // Tracked links: each link of a campaign's content, rewritten to /newsletter/lien/<signed token>.
  await q.query(`CREATE TABLE campaign_links (
    id uuid PRIMARY KEY,
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    position int NOT NULL,
    url text NOT NULL,
    UNIQUE (campaign_id, position)
  )`);
  await q.query(`CREATE TABLE campaign_clicks (
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    subscriber_id uuid NOT NULL,
    clicks int NOT NULL DEFAULT 1,
    first_clicked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, subscriber_id)
  )`);
}

async function messagesTables(q: QueryRunner): Promise<void> {
  // ── Internal messages ──
  // recipient_id null = a group message ('Tous les utilisateurs'); read_at is the individual
  // recipient's; each user's read state of a group message is a row of internal_message_reads.
  await q.query(`CREATE TABLE internal_messages (
    id uuid PRIMARY KEY,
    sender_id uuid NOT NULL,
    sender_name text NOT NULL,
    recipient_id uuid,
    is_group boolean NOT NULL,
    subject text NOT NULL,
    content text NOT NULL,
    recipient_count int NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    read_at timestamptz,
    CHECK (is_group = (recipient_id IS NULL))
  )`);
  await q.query(`CREATE INDEX internal_messages_recipient ON internal_messages (recipient_id, sent_at DESC)`);
  await q.query(`CREATE INDEX internal_messages_group ON internal_messages (sent_at DESC) WHERE is_group`);
  await q.query(`CREATE TABLE internal_message_reads (
    message_id uuid NOT NULL REFERENCES internal_messages (id) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    read_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (message_id, user_id)
  )`);
}
