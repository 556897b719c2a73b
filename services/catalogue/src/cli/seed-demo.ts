/**
 * Loads the demo catalogue (8 videos, 6 PDF guides, 4 articles, testimonials) once, into an empty
 * catalogue; `npm start` runs it after migrations:
 *   node dist/cli/seed-demo.js
 * Reads DATABASE_URL (catalogue's role), MEDIA_DIR or S3_*, FFMPEG_PATH, LOG_LEVEL, DEMO_VIDEO_MAX_SECONDS. Runs the
 * migrations itself. The events of the new items wait in the outbox until the service's relay
 * publishes them. Idempotent: a second run (or a run after the catalogue was emptied) does nothing.
 */
import { baseEnv, createLogger, parseEnv, UnitOfWork, withMigratedDataSource } from '@lbf/service-kit';
import { z } from 'zod';
import { mediaEnvShape, requireS3Keys, s3FromEnv } from '../config';
import { createDataSource, SCHEMA } from '../database';
import { seedDemo } from '../demo/seed';
import { createObjectStore } from '../media';

const seedEnv = baseEnv
  .pick({ DATABASE_URL: true, LOG_LEVEL: true })
  .extend({
    /** Test stacks: cap each demo video's length (seconds) so their ladders build quickly. */
    DEMO_VIDEO_MAX_SECONDS: z.coerce.number().int().min(10).optional(),
    ...mediaEnvShape,
  })
  .superRefine(requireS3Keys);

async function main(): Promise<void> {
  const env = parseEnv(seedEnv);
  const log = createLogger('catalogue-seed', env.LOG_LEVEL);
  await withMigratedDataSource(createDataSource(env.DATABASE_URL, 2), SCHEMA, async (ds) => {
    const store = createObjectStore({ s3: s3FromEnv(env), mediaDir: env.MEDIA_DIR });
    await store.init();
    // No relay here: the running service's relay publishes the outbox rows.
    const outcome = await seedDemo({ ds, uow: new UnitOfWork(ds, 'catalogue'), store, log, ffmpegPath: env.FFMPEG_PATH, maxVideoSeconds: env.DEMO_VIDEO_MAX_SECONDS });
    if (outcome.seeded) log.info(outcome, 'demo catalogue loaded');
    else log.info({ reason: outcome.reason }, 'demo catalogue not loaded');
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`seed-demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
