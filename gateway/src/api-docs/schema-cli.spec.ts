import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readChangelog, readPublished } from './api-files';
import { run } from './schema-cli';
import type { ChangelogEntry } from './schema-changes';

/**
 * `npm run schema:check` / `schema:publish` end to end on the repository's subgraphs, each time
 * against a published schema written for the case in a folder of its own.
 */
describe('schema:check and schema:publish', () => {
  const published = readPublished()!;
  const TODAY = '2026-11-27';
  let dir: string;
  let lines: string[];
  const opts = () => ({ dir, today: TODAY, out: (line: string) => void lines.push(line) });
  const setUp = (sdl: string, changelog: ChangelogEntry[]) => {
    writeFileSync(join(dir, 'published.graphql'), sdl);
    writeFileSync(join(dir, 'changelog.json'), JSON.stringify(changelog));
  };
  const withVideoField = (field: string) => published.replace('type Video {\n', `type Video {\n  """An old field."""\n  ${field}\n\n`);
  const FIRST: ChangelogEntry = { date: '2026-01-01', changes: [{ kind: 'added', coordinate: 'Query', en: 'First.', fr: 'Premier.' }] };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lbf-schema-'));
    lines = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the repository passes: its public schema is the published one', () => {
    setUp(published, readChangelog());
    expect(run('check', opts())).toBe(0);
    expect(lines).toEqual(['Public schema check passed: it is the published one.']);
  });

  it('fails when a published field is gone without a deprecation first', () => {
    setUp(withVideoField('oldField: String'), [FIRST]);
    expect(run('check', opts())).toBe(1);
    expect(lines).toContain('✗ Video.oldField was removed. Refused: it was not deprecated first.');
    expect(run('publish', opts())).toBe(1);
    expect(readPublished(dir)).toBe(withVideoField('oldField: String'));
  });

  it('lets a field deprecated 6 months ago go, its date passed, and the changelog says it', () => {
    const deprecated = withVideoField('oldField: String @deprecated(reason: "Use title. Removal after 2026-07-01")');
    const deprecation: ChangelogEntry = { date: '2026-01-02', changes: [{ kind: 'deprecated', coordinate: 'Video.oldField', en: '', fr: '', removalAfter: '2026-07-01' }] };
    setUp(deprecated, [FIRST, deprecation]);
    expect(run('check', opts())).toBe(0);
    expect(run('publish', opts())).toBe(0);
    expect(readPublished(dir)).toBe(published);
    expect(readChangelog(dir).at(-1)).toEqual({ date: TODAY, changes: [{ kind: 'removed', coordinate: 'Video.oldField', en: 'Removed: Video.oldField.', fr: 'Supprimé : Video.oldField.' }] });
  });

  it('publishes an added field: the published schema gets it, the changelog a dated entry', () => {
    const withoutViewCount = published.replace('  """How many times it was watched."""\n  viewCount: Int!\n\n', '');
    expect(withoutViewCount).not.toBe(published);
    setUp(withoutViewCount, [FIRST]);
    expect(run('check', opts())).toBe(0);
    expect(lines).toContain('• Added: Video.viewCount.');
    expect(run('publish', opts())).toBe(0);
    expect(readPublished(dir)).toBe(published);
    expect(readChangelog(dir)).toEqual([FIRST, { date: TODAY, changes: [{ kind: 'added', coordinate: 'Video.viewCount', en: 'Added: Video.viewCount.', fr: 'Ajouté : Video.viewCount.' }] }]);
  });
});
