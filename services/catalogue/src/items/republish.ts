import type { UnitOfWork } from '@lbf/service-kit';
import { itemEvent } from '../shared/item-events';
import { publishedAfter } from './store';

/** Items per transaction: the outbox rows of a batch commit together, and a long run holds no huge transaction. */
const BATCH = 200;

/**
 * Emits catalogue.item.updated through the outbox for every published video and PDF, so a consumer
 * that missed older events (the stream keeps 30 days; commerce's price list) can rebuild its copy.
 * Consumers upsert on the item id, so running it again changes nothing but freshness. Walks each
 * table by id (keyset), one transaction per batch.
 */
export async function republishItems(uow: UnitOfWork): Promise<{ videos: number; pdfs: number }> {
  const counts = { videos: 0, pdfs: 0 };
  for (const [type, table] of [
    ['video', 'videos'],
    ['pdf', 'pdfs'],
  ] as const) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const n = await uow.run(async ({ manager, emit }) => {
        const rows = await publishedAfter(manager, table, after, BATCH);
        for (const item of rows) await emit('catalogue.item.updated', itemEvent(item, type));
        if (rows.length) after = rows[rows.length - 1]!.id;
        return rows.length;
      });
      counts[table] += n;
      if (n < BATCH) break;
    }
  }
  return counts;
}
