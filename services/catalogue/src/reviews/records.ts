/** A row of `reviews` in camelCase (store.ts reads and writes it). */
export interface Review {
  id: string;
  itemId: string;
  itemType: 'video' | 'pdf';
  userId: string;
  reviewerName: string;
  rating: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  hiddenAt: Date | null;
  hiddenBy: string | null;
  hiddenReason: string | null;
}

/** An item's visible reviews in figures. */
export interface RatingSummary {
  /** One decimal; null when there is none. */
  average: number | null;
  count: number;
}
