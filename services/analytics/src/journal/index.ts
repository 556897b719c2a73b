/** What other rooms need of the journal: its retention purge (the nightly job). */
export { purgeJournal } from './store';
