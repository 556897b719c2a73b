import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One page view (the table's name predates visits = sessions). `day` is the site's calendar day, fixed when it is recorded. */
@Entity({ name: 'page_visits' })
@Index('page_visits_day', ['day'])
@Index('page_visits_path', ['path'])
export class PageVisit {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The visit (session) it belongs to. */
  @Column({ type: 'uuid', name: 'visit_id' })
  visitId: string;

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
