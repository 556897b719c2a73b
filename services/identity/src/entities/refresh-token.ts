import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One refresh token of a session; only its SHA-256 is stored. A used token presented again is reuse. */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryColumn({ type: 'uuid', default: () => 'gen_random_uuid()' })
  id: string;

  @Column({ type: 'text', name: 'token_hash', unique: true })
  tokenHash: string;

  @Column({ type: 'uuid', name: 'session_id' })
  sessionId: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  /** The token this one was exchanged for (null for a session's first). */
  @Column({ type: 'uuid', name: 'parent_id', nullable: true })
  parentId: string | null;

  /** Issued by an exchange that was asked again and answered anew: never received, so presenting it is reuse. */
  @Column({ type: 'timestamptz', name: 'superseded_at', nullable: true })
  supersededAt: Date | null;
}
