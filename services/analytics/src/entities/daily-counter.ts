import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Visits of one site day, kept up to date by each visit and recomputed nightly from page_visits. */
@Entity({ name: 'daily_counters' })
export class DailyCounter {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'int', default: 0 })
  visits: number;
}
