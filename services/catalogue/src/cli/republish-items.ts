/**
 * Publishes catalogue.item.updated again for every published video and PDF, through the outbox:
 *   npm run republish-items -w @lbf/catalogue      (after `npx tsc -b`; same as node services/catalogue/dist/cli/republish-items.js)
 * For a consumer that starts after the stream dropped the items' original events (it keeps 30
 * days), e.g. a fresh commerce building its price list. Consumers upsert: running it twice is
 * harmless. Reads DATABASE_URL (the catalogue's role) and LOG_LEVEL; runs the migrations itself.
 * The rows wait in the outbox until the running catalogue's relay publishes them (within a second
 * or so): start (or keep) the catalogue running.
 */
import { baseEnv, createLogger, parseEnv, UnitOfWork, withMigratedDataSource } from '@lbf/service-kit';
import { createDataSource, SCHEMA } from '../database';
import { republishItems } from '../items';

const republishEnv = baseEnv.pick({ DATABASE_URL: true, LOG_LEVEL: true });

async function main(): Promise<void> {
  const env = parseEnv(republishEnv);
  const log = createLogger('catalogue-republish', env.LOG_LEVEL);
  await withMigratedDataSource(createDataSource(env.DATABASE_URL, 2), SCHEMA, async (ds) => {
    // No relay here: the running service's relay publishes the outbox rows.
    const counts = await republishItems(new UnitOfWork(ds, 'catalogue'));
    log.info(counts, 'catalogue.item.updated written to the outbox for every published item');
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`republish-items failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
