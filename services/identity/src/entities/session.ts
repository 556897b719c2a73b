import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One sign-in: the family of refresh tokens that rotate from it. Revoking the session ends every
 * token of the family at once (sign-out, reuse detected, ban, password change).
 */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ type: 'uuid', default: () => 'gen_random_uuid()' })
  id: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'text', name: 'revoke_reason', nullable: true })
  revokeReason: string | null;

  @Column({ type: 'text', name: 'user_agent', nullable: true })
  userAgent: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;
}
