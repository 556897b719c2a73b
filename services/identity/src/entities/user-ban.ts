import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A ban; at most one active per user (partial unique index). */
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
}
