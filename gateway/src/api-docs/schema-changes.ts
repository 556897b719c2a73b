import {
  BreakingChangeType,
  buildSchema,
  findBreakingChanges,
  findDangerousChanges,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { publicTypes } from './public-schema';

/**
 * Issue 24 point 4: the public schema compared with the last published one. A breaking change
 * (graphql-js's findBreakingChanges) is refused unless the element was deprecated first: published
 * with `@deprecated(reason: "… Removal after YYYY-MM-DD")`, that deprecation recorded in the
 * changelog at least DEPRECATION_MONTHS before, and the removal date passed. The same comparison
 * writes the changelog's entries (additions, deprecations, removals, dangerous changes).
 */
export const DEPRECATION_MONTHS = 6;
const REMOVAL_AFTER = /Removal after (\d{4}-\d{2}-\d{2})/;

export type ChangeKind = 'added' | 'deprecated' | 'removed' | 'changed' | 'dangerous';

export interface Change {
  kind: ChangeKind;
  /** Schema coordinate: `Video`, `Video.title`, `Query.videos(pageSize:)`, `VideoSort.NEWEST`. */
  coordinate: string;
  en: string;
  fr: string;
  /** For a deprecation: the announced removal date. */
  removalAfter?: string;
}

export interface ChangelogEntry {
  /** YYYY-MM-DD, the publication's day. */
  date: string;
  changes: Change[];
}

export interface Comparison {
  /** Breaking changes not allowed, each in one line (what makes the check fail). */
  refused: string[];
  /** What the changelog records for this publication. */
  changes: Change[];
}

/** `YYYY-MM-DD` plus `months` calendar months. */
export function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Every deprecable element's coordinate with its deprecation reason (undefined when not deprecated). */
function deprecations(schema: GraphQLSchema): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const type of publicTypes(schema)) {
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        out.set(`${type.name}.${field.name}`, field.deprecationReason ?? undefined);
        for (const arg of field.args) out.set(`${type.name}.${field.name}(${arg.name}:)`, arg.deprecationReason ?? undefined);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) out.set(`${type.name}.${field.name}`, field.deprecationReason ?? undefined);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) out.set(`${type.name}.${value.name}`, value.deprecationReason ?? undefined);
    }
  }
  return out;
}

/** The coordinate graphql-js's sentence is about (its messages name `Type.field`, `Type.field arg a`, `V … enum type E`). */
export function coordinateOf(description: string): string {
  const arg = /^(\w+)\.(\w+) arg (\w+) /.exec(description);
  if (arg) return `${arg[1]}.${arg[2]}(${arg[3]}:)`;
  const value = /^(\w+) was (?:removed from|added to) enum type (\w+)/.exec(description);
  if (value) return `${value[2]}.${value[1]}`;
  const addedArg = /^An? (?:required|optional) arg (\w+) on (\w+)\.(\w+) /.exec(description);
  if (addedArg) return `${addedArg[2]}.${addedArg[3]}(${addedArg[1]}:)`;
  const inputField = /^An? (?:required|optional) field (\w+) on input type (\w+) /.exec(description);
  if (inputField) return `${inputField[2]}.${inputField[1]}`;
  const field = /^(\w+)\.(\w+)/.exec(description);
  if (field) return `${field[1]}.${field[2]}`;
  return /^(\w+)/.exec(description)?.[1] ?? description;
}

/** When the changelog first recorded `coordinate` as deprecated, or null. */
function deprecatedOn(changelog: ChangelogEntry[], coordinate: string): string | null {
  const days = changelog.flatMap((e) => (e.changes.some((c) => c.kind === 'deprecated' && c.coordinate === coordinate) ? [e.date] : []));
  return days.sort()[0] ?? null;
}

/** Why removing or changing the published `coordinate` today is refused, or null when its deprecation allows it. */
function deprecationRefusal(coordinate: string, published: Map<string, string | undefined>, changelog: ChangelogEntry[], today: string): string | null {
  const reason = published.get(coordinate);
  if (reason === undefined) return 'it was not deprecated first';
  const removal = REMOVAL_AFTER.exec(reason)?.[1];
  if (!removal) return `its deprecation gives no date (« Removal after YYYY-MM-DD »)`;
  const since = deprecatedOn(changelog, coordinate);
  if (!since) return 'its deprecation is not in the changelog';
  if (addMonths(since, DEPRECATION_MONTHS) > today) return `deprecated on ${since}, less than ${DEPRECATION_MONTHS} months ago`;
  if (removal > today) return `its announced removal date, ${removal}, is still to come`;
  return null;
}

const argsOf = (field: GraphQLField<unknown, unknown> | GraphQLInputField): readonly GraphQLArgument[] => ('args' in field ? field.args : []);

/** The published types that only deprecated-and-due fields or arguments lead to (they go with them). */
function referrers(schema: GraphQLSchema, typeName: string): string[] {
  const out: string[] = [];
  for (const type of publicTypes(schema)) {
    if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) continue;
    const fields: Array<GraphQLField<unknown, unknown> | GraphQLInputField> = Object.values(type.getFields());
    for (const field of fields) {
      if (getNamedType(field.type)?.name === typeName) out.push(`${type.name}.${field.name}`);
      for (const arg of argsOf(field)) if (getNamedType(arg.type)?.name === typeName) out.push(`${type.name}.${field.name}(${arg.name}:)`);
    }
  }
  return out;
}

function breakingChanges(published: GraphQLSchema, current: GraphQLSchema, changelog: ChangelogEntry[], today: string): Comparison {
  const deprecated = deprecations(published);
  const refused: string[] = [];
  const changes: Change[] = [];
  for (const change of findBreakingChanges(published, current)) {
    const coordinate = coordinateOf(change.description);
    const why =
      change.type === BreakingChangeType.TYPE_REMOVED
        ? referrers(published, coordinate)
            .map((r) => deprecationRefusal(r, deprecated, changelog, today))
            .find((r) => r !== null) ?? null
        : deprecationRefusal(coordinate, deprecated, changelog, today);
    if (why) refused.push(`${change.description} Refused: ${why}.`);
    const removed = change.type.endsWith('_REMOVED') || change.type === BreakingChangeType.VALUE_REMOVED_FROM_ENUM;
    changes.push(
      removed
        ? { kind: 'removed', coordinate, en: `Removed: ${coordinate}.`, fr: `Supprimé : ${coordinate}.` }
        : { kind: 'changed', coordinate, en: change.description, fr: `Modifié : ${coordinate} (${change.description})` },
    );
  }
  return { refused, changes };
}

/** What the current schema adds or newly deprecates (findBreakingChanges knows only what goes). */
function additions(published: GraphQLSchema, current: GraphQLSchema): Change[] {
  const before = deprecations(published);
  const changes: Change[] = [];
  const oldTypes = new Set(publicTypes(published).map((t: GraphQLNamedType) => t.name));
  for (const type of publicTypes(current)) {
    if (!oldTypes.has(type.name)) changes.push({ kind: 'added', coordinate: type.name, en: `Added: the type ${type.name}.`, fr: `Ajouté : le type ${type.name}.` });
  }
  for (const [coordinate, reason] of deprecations(current)) {
    const typeIsNew = !oldTypes.has(coordinate.split('.')[0]!);
    if (!before.has(coordinate) && !typeIsNew) changes.push({ kind: 'added', coordinate, en: `Added: ${coordinate}.`, fr: `Ajouté : ${coordinate}.` });
    if (reason !== undefined && before.get(coordinate) === undefined) {
      const removalAfter = REMOVAL_AFTER.exec(reason)?.[1];
      changes.push({ kind: 'deprecated', coordinate, en: `Deprecated: ${coordinate} (${reason}).`, fr: `Déprécié : ${coordinate} (${reason}).`, ...(removalAfter ? { removalAfter } : {}) });
    }
  }
  return changes;
}

/** New deprecations must announce a removal date at least DEPRECATION_MONTHS away. */
function deprecationDates(changes: Change[], today: string): string[] {
  const earliest = addMonths(today, DEPRECATION_MONTHS);
  return changes.flatMap((c) => {
    if (c.kind !== 'deprecated') return [];
    if (!c.removalAfter) return [`${c.coordinate} is deprecated without « Removal after YYYY-MM-DD » in its reason.`];
    return c.removalAfter < earliest ? [`${c.coordinate}: removal after ${c.removalAfter} is less than ${DEPRECATION_MONTHS} months away (${earliest} at the earliest).`] : [];
  });
}

/** The published SDL against the current public schema's, on `today` (YYYY-MM-DD). */
export function compareSchemas(publishedSdl: string, current: GraphQLSchema, changelog: ChangelogEntry[], today: string): Comparison {
  const published = buildSchema(publishedSdl);
  const breaking = breakingChanges(published, current, changelog, today);
  const added = additions(published, current);
  const dangerous: Change[] = findDangerousChanges(published, current).map((d) => {
    const coordinate = coordinateOf(d.description);
    return { kind: 'dangerous', coordinate, en: d.description, fr: `À surveiller : ${coordinate} (${d.description})` };
  });
  // An added enum value or optional argument is both "added" and "dangerous": the changelog says it once, as dangerous.
  const dangerousAt = new Set(dangerous.map((d) => d.coordinate));
  const changes = [...breaking.changes, ...added.filter((a) => a.kind !== 'added' || !dangerousAt.has(a.coordinate)), ...dangerous];
  return { refused: [...breaking.refused, ...deprecationDates(added, today)], changes };
}
