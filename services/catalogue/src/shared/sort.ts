/** The catalogue's sort options (the spec's newest, price-low, price-high, duration-short, duration-long, a-z, z-a). */
export const VIDEO_SORTS = ['NEWEST', 'PRICE_LOW', 'PRICE_HIGH', 'DURATION_SHORT', 'DURATION_LONG', 'A_Z', 'Z_A'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

export const PDF_SORTS = ['NEWEST', 'PRICE_LOW', 'PRICE_HIGH', 'A_Z', 'Z_A', 'POPULAR'] as const;
export type PdfSort = (typeof PDF_SORTS)[number];

export interface OrderTerm {
  /** The record's field (shared/records.ts), e.g. priceCents; its column is the snake_case name. */
  property: 'createdAt' | 'priceCents' | 'durationSeconds' | 'titleKey' | 'downloadCount' | 'id';
  direction: 'ASC' | 'DESC';
  nulls?: 'NULLS FIRST' | 'NULLS LAST';
}

/** Every order ends with newest-first then id, so equal keys never shuffle between pages. */
const TIE_BREAK: OrderTerm[] = [
  { property: 'createdAt', direction: 'DESC' },
  { property: 'id', direction: 'DESC' },
];

/**
 * Sort option -> ORDER BY. Newest is by creation date (not by id); durations are compared in full
 * seconds and videos whose duration is not known yet come last either way; titles sort on their
 * accent-free form, so "Équilibre" sits with the E's.
 */
export function videoOrder(sort: VideoSort): OrderTerm[] {
  switch (sort) {
    case 'NEWEST':
      return TIE_BREAK;
    case 'PRICE_LOW':
      return [{ property: 'priceCents', direction: 'ASC' }, ...TIE_BREAK];
    case 'PRICE_HIGH':
      return [{ property: 'priceCents', direction: 'DESC' }, ...TIE_BREAK];
    case 'DURATION_SHORT':
      return [{ property: 'durationSeconds', direction: 'ASC', nulls: 'NULLS LAST' }, ...TIE_BREAK];
    case 'DURATION_LONG':
      return [{ property: 'durationSeconds', direction: 'DESC', nulls: 'NULLS LAST' }, ...TIE_BREAK];
    case 'A_Z':
      return [{ property: 'titleKey', direction: 'ASC' }, ...TIE_BREAK];
    case 'Z_A':
      return [{ property: 'titleKey', direction: 'DESC' }, ...TIE_BREAK];
  }
}

export function pdfOrder(sort: PdfSort): OrderTerm[] {
  switch (sort) {
    case 'POPULAR':
      return [{ property: 'downloadCount', direction: 'DESC' }, ...TIE_BREAK];
    case 'NEWEST':
    case 'PRICE_LOW':
    case 'PRICE_HIGH':
    case 'A_Z':
    case 'Z_A':
      return videoOrder(sort);
  }
}
