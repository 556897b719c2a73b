import { buildSchema } from 'graphql';
import { addMonths, compareSchemas, coordinateOf, type ChangelogEntry } from './schema-changes';

const PUBLISHED = `
type Query {
  "Videos."
  videos(pageSize: Int = 12): [Video!]!
}
"A video."
type Video {
  id: ID!
  title: String!
  "Old name of title."
  name: String! @deprecated(reason: "Use title. Removal after 2026-06-01")
  "Soon gone."
  legacy: String @deprecated(reason: "Use title. Removal after 2027-06-01")
  "No date."
  undated: String @deprecated(reason: "Use title.")
}
`;

const current = (videoFields: string, query = 'videos(pageSize: Int = 12): [Video!]!') =>
  buildSchema(`type Query { "Videos." ${query} }\n"A video." type Video { ${videoFields} }`);

const ALL = 'id: ID! title: String! name: String! @deprecated(reason: "Use title. Removal after 2026-06-01") legacy: String @deprecated(reason: "Use title. Removal after 2027-06-01") undated: String @deprecated(reason: "Use title.")';
const deprecatedOn = (date: string, coordinate: string): ChangelogEntry => ({ date, changes: [{ kind: 'deprecated', coordinate, en: '', fr: '' }] });
const TODAY = '2026-11-27';

describe('the public schema against the published one', () => {
  it('the same schema: nothing refused, nothing to record', () => {
    expect(compareSchemas(PUBLISHED, current(ALL), [], TODAY)).toEqual({ refused: [], changes: [] });
  });

  it('a removed field that was never deprecated fails the check', () => {
    const result = compareSchemas(PUBLISHED, current(ALL.replace('title: String! ', '')), [], TODAY);
    expect(result.refused).toEqual(['Video.title was removed. Refused: it was not deprecated first.']);
    expect(result.changes).toContainEqual(expect.objectContaining({ kind: 'removed', coordinate: 'Video.title' }));
  });

  it('a field deprecated more than 6 months ago, its removal date passed, may go; the changelog says it', () => {
    const changelog = [deprecatedOn('2026-05-20', 'Video.name')];
    const result = compareSchemas(PUBLISHED, current(ALL.replace(/name: String! @deprecated\([^)]*\) /, '')), changelog, TODAY);
    expect(result.refused).toEqual([]);
    expect(result.changes).toEqual([{ kind: 'removed', coordinate: 'Video.name', en: 'Removed: Video.name.', fr: 'Supprimé : Video.name.' }]);
  });

  it('refuses a removal deprecated less than 6 months ago, before its date, without a date, or missing from the changelog', () => {
    const without = (field: string) => current(ALL.replace(new RegExp(`${field}: String!? @deprecated\\([^)]*\\) ?`), ''));
    expect(compareSchemas(PUBLISHED, without('name'), [deprecatedOn('2026-09-01', 'Video.name')], TODAY).refused[0]).toMatch(/deprecated on 2026-09-01, less than 6 months ago/);
    expect(compareSchemas(PUBLISHED, without('legacy'), [deprecatedOn('2026-01-01', 'Video.legacy')], TODAY).refused[0]).toMatch(/removal date, 2027-06-01, is still to come/);
    expect(compareSchemas(PUBLISHED, without('undated'), [deprecatedOn('2026-01-01', 'Video.undated')], TODAY).refused[0]).toMatch(/gives no date/);
    expect(compareSchemas(PUBLISHED, without('name'), [], TODAY).refused[0]).toMatch(/not in the changelog/);
  });

  it('an added field passes and is in the changelog', () => {
    const result = compareSchemas(PUBLISHED, current(`${ALL} "Its length." durationSeconds: Int`), [], TODAY);
    expect(result.refused).toEqual([]);
    expect(result.changes).toEqual([{ kind: 'added', coordinate: 'Video.durationSeconds', en: 'Added: Video.durationSeconds.', fr: 'Ajouté : Video.durationSeconds.' }]);
  });

  it('a new deprecation is recorded with its removal date, which must be 6 months away at least', () => {
    const later = compareSchemas(PUBLISHED, current(ALL.replace('title: String!', 'title: String! @deprecated(reason: "Use name. Removal after 2027-06-01")')), [], TODAY);
    expect(later.refused).toEqual([]);
    expect(later.changes).toEqual([expect.objectContaining({ kind: 'deprecated', coordinate: 'Video.title', removalAfter: '2027-06-01' })]);
    const soon = compareSchemas(PUBLISHED, current(ALL.replace('title: String!', 'title: String! @deprecated(reason: "Use name. Removal after 2027-01-01")')), [], TODAY);
    expect(soon.refused).toEqual(['Video.title: removal after 2027-01-01 is less than 6 months away (2027-05-27 at the earliest).']);
  });

  it('an added optional argument is dangerous, recorded once; a required one is refused', () => {
    const optional = compareSchemas(PUBLISHED, current(ALL, 'videos(pageSize: Int = 12, search: String): [Video!]!'), [], TODAY);
    expect(optional.refused).toEqual([]);
    expect(optional.changes).toEqual([expect.objectContaining({ kind: 'dangerous', coordinate: 'Query.videos(search:)' })]);
    const required = compareSchemas(PUBLISHED, current(ALL, 'videos(pageSize: Int = 12, search: String!): [Video!]!'), [], TODAY);
    expect(required.refused).toEqual(['A required arg search on Query.videos was added. Refused: it was not deprecated first.']);
  });

  it('reads the coordinate out of graphql-js sentences', () => {
    expect(coordinateOf('Video.title was removed.')).toBe('Video.title');
    expect(coordinateOf('Query.videos arg page was removed.')).toBe('Query.videos(page:)');
    expect(coordinateOf('NEWEST was removed from enum type VideoSort.')).toBe('VideoSort.NEWEST');
    expect(coordinateOf('Video was removed.')).toBe('Video');
    expect(addMonths('2026-11-27', 6)).toBe('2027-05-27');
  });
});
