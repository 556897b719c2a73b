import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One page shown by the web app. `day` is the site's calendar day, fixed when the visit is recorded. */
@Entity({ name: 'page_visits' })
@Index('page_visits_day', ['day'])
@Index('page_visits_path', ['path'])
export class PageVisit {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  path: string;

  @Column({ type: 'text', name: 'visitor_id' })
  visitorId: string;

  @Column({ type: 'text', name: 'user_agent', nullable: true })
  userAgent: string | null;

  @Column({ type: 'boolean', name: 'not_found', default: false })
  notFound: boolean;

  @Column({ type: 'timestamptz', name: 'visited_at' })
  visitedAt: Date;

  @Column({ type: 'date' })
  day: string;
}
