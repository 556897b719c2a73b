import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An account. The e-mail is stored lowercased, so its unique index is case-insensitive. */
@Entity({ name: 'users' })
export class User {
  @PrimaryColumn({ type: 'uuid', default: () => 'gen_random_uuid()' })
  id: string;

  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ type: 'text', name: 'first_name' })
  firstName: string;

  @Column({ type: 'text', name: 'last_name' })
  lastName: string;

  /** E.164; absent only for accounts created by the command without one. */
  @Column({ type: 'text', nullable: true })
  phone: string | null;

  /** argon2id, PHC string format (parameters travel with the hash). */
  @Column({ type: 'text', name: 'password_hash' })
  passwordHash: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;
}
