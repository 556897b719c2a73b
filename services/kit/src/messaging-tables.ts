import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An event waiting to be published; written in the same transaction as the change it describes. */
@Entity({ name: 'outbox' })
export class OutboxRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq: string;

  @Column({ type: 'uuid', unique: true })
  id: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'jsonb' })
  envelope: Record<string, unknown>;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError: string | null;
}

/** One row per (consumer, event): the proof an effect was applied, committed with the effect. */
@Entity({ name: 'inbox' })
export class InboxEntry {
  @PrimaryColumn({ type: 'text' })
  consumer: string;

  @PrimaryColumn({ type: 'uuid', name: 'event_id' })
  eventId: string;

  @Column({ type: 'text' })
  subject: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'processed_at' })
  processedAt: Date;
}

/**
 * Messages a consumer gave up on (unreadable, or a handler that kept failing), kept for a person to
 * look at and replay (`npm run events -- parked|replay`). A replayed row stays, marked replayed.
 */
@Entity({ name: 'parked_events' })
export class ParkedEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  consumer: string;

  @Column({ type: 'text' })
  kind: 'invalid' | 'handler-failed';

  /** Null when the message had no readable id. */
  @Column({ type: 'uuid', name: 'event_id', nullable: true })
  eventId: string | null;

  @Column({ type: 'text' })
  subject: string;

  /** The parsed message when it was JSON; null once redacted (sensitive subjects). */
  @Column({ type: 'jsonb', nullable: true })
  envelope: Record<string, unknown> | null;

  /** The bytes as stored in the stream, when they were not JSON. */
  @Column({ type: 'text', nullable: true })
  raw: string | null;

  /** Why it was parked: the validation failure or the handler's last error. */
  @Column({ type: 'text' })
  error: string;

  @Column({ type: 'bigint', name: 'stream_seq', nullable: true })
  streamSeq: string | null;

  @Column({ type: 'int' })
  deliveries: number;

  @Column({ type: 'int', name: 'times_parked' })
  timesParked: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'parked_at' })
  parkedAt: Date;

  @Column({ type: 'timestamptz', name: 'last_parked_at' })
  lastParkedAt: Date;

  @Column({ type: 'timestamptz', name: 'replay_requested_at', nullable: true })
  replayRequestedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'replayed_at', nullable: true })
  replayedAt: Date | null;

  @Column({ type: 'text', name: 'replay_outcome', nullable: true })
  replayOutcome: 'applied' | 'already-applied' | null;

  @Column({ type: 'int', name: 'replay_attempts' })
  replayAttempts: number;

  @Column({ type: 'text', name: 'last_replay_error', nullable: true })
  lastReplayError: string | null;

  @Column({ type: 'timestamptz', name: 'redacted_at', nullable: true })
  redactedAt: Date | null;
}
