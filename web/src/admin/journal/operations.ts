import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';

export type JournalEntry = G.AdminJournalEntryRowFragment;
export type JournalPage = G.AdminJournalQuery['adminJournal'];
export type JournalFilter = G.AdminJournalFilter;
export type JournalChoices = G.AdminJournalFiltersQuery['adminJournalFilters'];

export const JOURNAL_PAGE_SIZE = 25;

/** A row of « Journal »: who, when, from where, what, on what, and what changed (analytics' fields only). */
const ENTRY_ROW = gql`
  fragment AdminJournalEntryRow on AdminJournalEntry {
    id
    occurredAt
    origin
    actorId
    actorName
    actorEmail
    ip
    userAgent
    service
    action
    actionLabel
    targetType
    targetTypeLabel
    targetId
    targetLabel
    details
  }
`;

export const ADMIN_JOURNAL: TypedDocumentNode<G.AdminJournalQuery, G.AdminJournalQueryVariables> = gql`
  query AdminJournal($filter: AdminJournalFilter, $page: Int!, $pageSize: Int!) {
    adminJournal(filter: $filter, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      totalPages
      retentionDays
      items {
        ...AdminJournalEntryRow
      }
    }
  }
  ${ENTRY_ROW}
`;

export const ADMIN_JOURNAL_FILTERS: TypedDocumentNode<G.AdminJournalFiltersQuery, G.AdminJournalFiltersQueryVariables> = gql`
  query AdminJournalFilters {
    adminJournalFilters {
      actors {
        value
        label
      }
      actions {
        value
        label
      }
      targetTypes {
        value
        label
      }
    }
  }
`;

export const EXPORT_ADMIN_JOURNAL_CSV: TypedDocumentNode<G.ExportAdminJournalCsvQuery, G.ExportAdminJournalCsvQueryVariables> = gql`
  query ExportAdminJournalCsv($filter: AdminJournalFilter) {
    exportAdminJournalCsv(filter: $filter)
  }
`;
