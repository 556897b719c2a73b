import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrenchDescriptions } from './public-schema';
import type { ChangelogEntry } from './schema-changes';

/**
 * gateway/api/: the public API's checked-in files, beside the gateway's code so its image holds them
 * (found from src/ under jest and from dist/ once built):
 *   - fr.json: each public type's and field's French description, by schema coordinate;
 *   - published.graphql: the last published public schema (`npm run schema:publish`);
 *   - changelog.json: every publication's changes, oldest first.
 * `dir` is another folder holding the publication's two files (tests).
 */
export const API_DIR = join(__dirname, '..', '..', 'api');

export function readFrench(): FrenchDescriptions {
  return JSON.parse(readFileSync(join(API_DIR, 'fr.json'), 'utf8')) as FrenchDescriptions;
}

export function readChangelog(dir = API_DIR): ChangelogEntry[] {
  const file = join(dir, 'changelog.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ChangelogEntry[]) : [];
}

export function readPublished(dir = API_DIR): string | null {
  const file = join(dir, 'published.graphql');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

export function writePublication(sdl: string, changelog: ChangelogEntry[], dir = API_DIR): void {
  writeFileSync(join(dir, 'published.graphql'), sdl);
  writeFileSync(join(dir, 'changelog.json'), `${JSON.stringify(changelog, null, 2)}\n`);
}
