import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'testimonials' })
export class Testimonial {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  location: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'smallint', default: 5 })
  rating: number;

  @Column({ type: 'text', name: 'video_title', nullable: true })
  videoTitle: string | null;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive: boolean;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
