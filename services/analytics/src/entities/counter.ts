import { Column, Entity, PrimaryColumn } from 'typeorm';

export const REGISTERED_USERS = 'registered_users';

/** A named running total; `registered_users` grows by one per identity.user.registered event. */
@Entity({ name: 'counters' })
export class Counter {
  @PrimaryColumn({ type: 'text' })
  name: string;

  /** bigint comes back from pg as a string. */
  @Column({ type: 'bigint', default: 0 })
  value: string;
}
