import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user is an administrator when a row exists for them. */
@Entity({ name: 'admin_roles' })
export class AdminRole {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' })
  userId: string;

  @PrimaryColumn({ type: 'text', default: 'admin' })
  role: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt: Date;
}
