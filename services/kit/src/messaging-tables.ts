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

/** Events a consumer gave up on after repeated failures, kept for a person to look at and replay. */
@Entity({ name: 'parked_events' })
export class ParkedEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  consumer: string;

  @Column({ type: 'uuid', name: 'event_id' })
  eventId: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'jsonb' })
  envelope: Record<string, unknown>;

  @Column({ type: 'text' })
  error: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'parked_at' })
  parkedAt: Date;
}
