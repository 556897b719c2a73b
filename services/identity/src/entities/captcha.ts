import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A server-side captcha: only its SVG leaves the server; the answer stays here. */
@Entity({ name: 'captchas' })
export class Captcha {
  @PrimaryColumn({ type: 'uuid', default: () => 'gen_random_uuid()' })
  id: string;

  /** Uppercase A-Z0-9. */
  @Column({ type: 'text' })
  answer: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;

  /** Checks made so far (live checks and the sign-up); past the limit the captcha is dead. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', name: 'used_at', nullable: true })
  usedAt: Date | null;
}
