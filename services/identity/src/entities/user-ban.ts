import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A ban; at most one active per user (partial unique index). A lifted ban stays as history (lifted_*). */
@Entity({ name: 'user_bans' })
export class UserBan {
  @PrimaryColumn({ type: 'uuid', default: () => 'gen_random_uuid()' })
  id: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @Column({ type: 'uuid', name: 'banned_by', nullable: true })
  bannedBy: string | null;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive: boolean;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'lifted_at', nullable: true })
  liftedAt: Date | null;

  @Column({ type: 'uuid', name: 'lifted_by', nullable: true })
  liftedBy: string | null;

  @Column({ type: 'text', name: 'lift_reason', nullable: true })
  liftReason: string | null;
}
