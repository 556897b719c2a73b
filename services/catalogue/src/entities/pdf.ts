import { Column, Entity } from 'typeorm';
import { CatalogueItem } from './catalogue-item';
import { numberColumn } from './transformers';

/** A PDF guide. Its file and illustration live in the `pdfs` bucket. */
@Entity({ name: 'pdfs' })
export class Pdf extends CatalogueItem {
  @Column({ type: 'text', name: 'file_key' })
  fileKey: string;

  @Column({ type: 'bigint', name: 'file_size', transformer: numberColumn })
  fileSize: number;

  /** Read from the file with pdf-lib; null when it could not be read. */
  @Column({ type: 'integer', name: 'page_count', nullable: true })
  pageCount: number | null;

  @Column({ type: 'text', name: 'illustration_key', nullable: true })
  illustrationKey: string | null;

  /** Average rating out of 5, one decimal; null until rated. */
  @Column({ type: 'numeric', precision: 2, scale: 1, nullable: true, transformer: numberColumn })
  rating: number | null;
}
