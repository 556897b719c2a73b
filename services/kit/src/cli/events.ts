import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { listParkedEvents, requestReplay, waitForReplays, type ParkedEventView, type Queryable } from '../parked-events';
import { serviceDatabaseUrl } from '../provision';

export const EVENTS_USAGE = `Usage:
  npm run events -- parked --service <name> [--consumer <durable>] [--all-history]
  npm run events -- replay --service <name> (--id <n> [--id <m>] | --all) [--consumer <durable>] [--wait <seconds>]

parked   lists the events the service's consumers set aside (newest first), with why.
replay   asks the running service to replay them through the consumer's handler and inbox
         (applied once at most); the rows stay, marked replayed. Waits for the outcome.`;

function row(p: ParkedEventView): string {
  const replay = p.status === 'replayed' ? `replayed (${p.replayOutcome})` : p.lastReplayError ? `${p.status}; last replay failed: ${p.lastReplayError}` : p.status;
  return [
    `#${p.id}  ${p.consumer}  ${p.subject}  ${p.kind}  ${replay}`,
    `    event ${p.eventId ?? '(no id)'}  parked ${p.parkedAt.toISOString()}  x${p.timesParked}  deliveries ${p.deliveries}`,
    `    reason: ${p.reason}`,
  ].join('\n');
}

/** The command itself, on a connection already set to the service's schema; answers the exit code. */
export async function runEventsCommand(argv: string[], db: Queryable, out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      consumer: { type: 'string' },
      id: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      'all-history': { type: 'boolean' },
      wait: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (command === 'parked') {
    const rows = await listParkedEvents(db, { consumer: values.consumer, includeReplayed: values['all-history'] ?? false });
    out(rows.length ? rows.map(row).join('\n') : 'No parked events.');
    return 0;
  }
  if (command === 'replay') {
    if (!values.all && !values.id?.length) {
      out(EVENTS_USAGE);
      return 2;
    }
    const ids = await requestReplay(db, { ids: values.id, all: values.all, consumer: values.consumer });
    if (!ids.length) {
      out('Nothing to replay (unknown ids, or already replayed).');
      return 0;
    }
    out(`Replay requested for #${ids.join(', #')}; waiting for the service…`);
    const { done, pending } = await waitForReplays(db, ids, Number(values.wait ?? 30) * 1000);
    for (const p of done) out(row(p));
    if (pending.length) out(`Still waiting for #${pending.join(', #')}: is the service running? It replays them when it runs.`);
    return done.every((p) => p.status === 'replayed') && !pending.length ? 0 : 1;
  }
  out(EVENTS_USAGE);
  return 2;
}

/** `node services/kit/dist/cli/events.js ...` with DATABASE_URL (admin) and DATABASE_NAME, as `npm run events` runs it. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const service = parseArgs({ args: argv, allowPositionals: true, strict: false, options: { service: { type: 'string' } } }).values.service;
  if (typeof service !== 'string' || !/^[a-z]+$/.test(service)) {
    process.stdout.write(`${EVENTS_USAGE}\n`);
    process.exit(2);
  }
  const url = process.env.SERVICE_DATABASE_URL ?? serviceDatabaseUrl(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', service, process.env.DATABASE_NAME ?? 'lbf');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${service}"`);
    process.exitCode = await runEventsCommand(argv, client, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}
