import { adminActionLabel, adminTargetTypeLabel } from '@lbf/proto-events';
import { ok, parseInput, toCsv, type Result } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { AdminJournalEntry, AdminJournalFilters, AdminJournalPage } from '../generated/graphql';
import { actionChoices, actorLabel, COMMAND_LINE, JOURNAL_CSV_HEADER, journalFilter, journalPage, targetTypeChoices } from './rules';
import { entriesWhere, journalFacets, type JournalRow } from './store';

/** The « Journal » page's reads: a page, its filters' choices, the CSV. Nothing here writes. */

export interface ReadJournalDeps {
  manager: EntityManager;
  siteTimezone: string;
  retentionDays: number;
}

const ORIGINS = { 'back-office': 'BACK_OFFICE', 'command-line': 'COMMAND_LINE', integration: 'INTEGRATION' } as const;

function entryView(r: JournalRow): AdminJournalEntry {
  return {
    id: r.id,
    occurredAt: new Date(r.occurredAt).toISOString(),
    origin: ORIGINS[r.origin],
    actorId: r.actorId,
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    ip: r.ip,
    userAgent: r.userAgent,
    service: r.service,
    action: r.action,
    actionLabel: adminActionLabel(r.action),
    targetType: r.targetType,
    targetTypeLabel: adminTargetTypeLabel(r.targetType),
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    details: JSON.stringify(r.details),
  };
}

/** The journal, newest first, filtered; a page of at most 100. */
export async function adminJournal(deps: ReadJournalDeps, args: { filter?: unknown; page?: number | null; pageSize?: number | null }): Promise<Result<AdminJournalPage>> {
  const filter = parseInput(journalFilter, args.filter);
  if (!filter.ok) return filter;
  const paging = parseInput(journalPage, { page: args.page, pageSize: args.pageSize });
  if (!paging.ok) return paging;
  const { page, pageSize } = paging.value;
  const { rows, total } = await entriesWhere(deps.manager, filter.value, deps.siteTimezone, pageSize, (page - 1) * pageSize);
  return ok({ items: rows.map(entryView), total, page, pageSize, totalPages: Math.max(1, Math.ceil(total / pageSize)), retentionDays: deps.retentionDays });
}

/** The filters' choices: every administrator with an entry (and the command line), every action and target type. */
export async function adminJournalFilters(deps: ReadJournalDeps): Promise<AdminJournalFilters> {
  const facets = await journalFacets(deps.manager);
  const actors = facets.actors
    .map((a) => ({ value: a.actorId ?? COMMAND_LINE, label: actorLabel(a) }))
    .sort((a, b) => (a.value === COMMAND_LINE ? 1 : b.value === COMMAND_LINE ? -1 : a.label.localeCompare(b.label, 'fr')));
  return { actors, actions: actionChoices(facets.actions), targetTypes: targetTypeChoices(facets.targetTypes) };
}

/** admin-journal.csv: every entry the filter finds, newest first, through the kit's writer (French spreadsheet format). */
export async function exportAdminJournalCsv(deps: ReadJournalDeps, args: { filter?: unknown }): Promise<Result<string>> {
  const filter = parseInput(journalFilter, args.filter);
  if (!filter.ok) return filter;
  const { rows } = await entriesWhere(deps.manager, filter.value, deps.siteTimezone, null, 0);
  return ok(
    toCsv(
      JOURNAL_CSV_HEADER,
      rows.map((r) => [
        new Date(r.occurredAt),
        actorLabel(r),
        r.actorEmail,
        r.ip,
        r.userAgent,
        adminActionLabel(r.action),
        adminTargetTypeLabel(r.targetType),
        r.targetLabel,
        r.targetId,
        JSON.stringify(r.details),
        r.service,
        r.id,
      ]),
      { timeZone: deps.siteTimezone },
    ),
  );
}
