import { printSchema } from 'graphql';
import { composeSupergraph, readSubgraphSources } from '../schema/compose-supergraph';
import { readChangelog, readFrench, readPublished, writePublication } from './api-files';
import { missingDescriptions, publicSchema } from './public-schema';
import { compareSchemas, type ChangelogEntry } from './schema-changes';

/**
 * `npm run schema:check` (in `npm run lint`) and `npm run schema:publish` (issue 24 point 4): the
 * public schema composed from the subgraphs' SDL files against gateway/api/published.graphql.
 * check: fails on a breaking change not deprecated first, or a public element without its English
 * or French description. publish: the same, then writes the published schema and appends the
 * comparison's changes to gateway/api/changelog.json (the docs page's changelog).
 */

function currentPublicSchema() {
  const outcome = composeSupergraph(readSubgraphSources());
  if (!outcome.ok) throw new Error(`composition failed:\n${outcome.errors.join('\n')}`);
  return publicSchema(outcome.supergraphSdl).schema;
}

const FIRST_PUBLICATION = { kind: 'added' as const, coordinate: 'Query', en: 'First publication of the public schema.', fr: 'Première publication du schéma public.' };

export interface RunOptions {
  /** YYYY-MM-DD; the UTC day by default. */
  today?: string;
  /** Where published.graphql and changelog.json are (gateway/api by default). */
  dir?: string;
  out?: (line: string) => void;
}

export function run(command: 'check' | 'publish', opts: RunOptions = {}): number {
  const { today = new Date().toISOString().slice(0, 10), dir, out = (line: string) => void process.stdout.write(`${line}\n`) } = opts;
  const schema = currentPublicSchema();
  const missing = missingDescriptions(schema, readFrench());
  const publishedSdl = readPublished(dir);
  const changelog = readChangelog(dir);
  const comparison = publishedSdl ? compareSchemas(publishedSdl, schema, changelog, today) : { refused: [], changes: [FIRST_PUBLICATION] };
  for (const line of missing) out(`✗ ${line}`);
  for (const line of comparison.refused) out(`✗ ${line}`);
  if (missing.length || comparison.refused.length) {
    out(`Public schema check failed: ${missing.length} missing description(s), ${comparison.refused.length} breaking change(s) (deprecate first: @deprecated(reason: "… Removal after YYYY-MM-DD"), at least 6 months).`);
    return 1;
  }
  for (const change of comparison.changes) out(`• ${change.en}`);
  if (command === 'publish') {
    if (!comparison.changes.length && publishedSdl === printSchema(schema)) {
      out('Nothing to publish: the public schema is the published one.');
      return 0;
    }
    const entry: ChangelogEntry = { date: today, changes: comparison.changes };
    writePublication(printSchema(schema), comparison.changes.length ? [...changelog, entry] : changelog, dir);
    out(`Published: gateway/api/published.graphql, ${comparison.changes.length} change(s) in gateway/api/changelog.json.`);
    return 0;
  }
  out(comparison.changes.length ? `Public schema check passed; ${comparison.changes.length} change(s) not yet published (npm run schema:publish).` : 'Public schema check passed: it is the published one.');
  return 0;
}

if (require.main === module) {
  const command = process.argv[2];
  if (command !== 'check' && command !== 'publish') {
    process.stderr.write('usage: schema-cli check|publish\n');
    process.exit(2);
  }
  process.exit(run(command));
}
