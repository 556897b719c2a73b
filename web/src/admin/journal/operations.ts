import type * as G from '@/generated/graphql';

export type JournalEntry = G.AdminJournalEntryRowFragment;
export type JournalPage = G.AdminJournalQuery['adminJournal'];
export type JournalFilter = G.AdminJournalFilter;
export type JournalChoices = G.AdminJournalFiltersQuery['adminJournalFilters'];

export const JOURNAL_PAGE_SIZE = 25;

