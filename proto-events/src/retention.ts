/**
 * How long LBF keeps each kind of personal data. One source for both sides of the promise: the
 * privacy page states these durations (web/src/i18n/pages/privacy.ts builds its sentences from them)
 * and each service's purge job applies them. Plain numbers, no import: the web reads this file too.
 */
export const RETENTION = {
  /** Page visits tied to a visitor id (analytics): the details, then only anonymous daily totals. */
  visitDetailsMonths: 13,
  /** A sign-in session, with its IP address and browser (identity): after it ended or expired. */
  endedSessionDays: 30,
  /** What payment providers answered and notified, raw (commerce: provider exchanges, webhook log). */
  providerExchangeDays: 90,
  /** A mail's content once it left (messaging): what it said is erased, its delivery record stays. */
  mailContentDays: 30,
  /** Contact messages with their replies, and the team's messages to customers (messaging): after the last one. */
  messageYears: 3,
  /**
   * What a person's lessons downloaded (catalogue: one total per person and calendar month, no video):
   * the current month and the ones before it, up to this many; older months go each night.
   */
  lessonDataMonths: 3,
  /** Orders, payments and receipts (commerce): accounting and tax law. */
  orderYears: 10,
  /** An account after its deletion was asked for: erased or anonymised within this many days. */
  deletionDays: 30,
  /**
   * The administrators' journal (analytics): who did what to whom, append-only, for accountability;
   * the default of ADMIN_JOURNAL_RETENTION_DAYS (an operator may keep it longer, never under a year).
   */
  adminJournalYears: 5,
  /** A data export's archive (messaging): its download link works this long, then the archive is deleted. */
  exportArchiveHours: 24,
  /**
   * The log of what webhooks sent to LBF's own tools (messaging: each delivery's body, its attempts):
   * kept this long after its last attempt for « Renvoyer » and troubleshooting, then deleted.
   */
  webhookDeliveryDays: 30,
} as const;

export type RetentionPolicy = typeof RETENTION;
