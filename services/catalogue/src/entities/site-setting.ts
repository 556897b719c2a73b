import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One site setting; keys absent from the table take their default (domain/settings.ts). */
@Entity({ name: 'site_settings' })
export class SiteSetting {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
