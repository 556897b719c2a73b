/** What other rooms may use of the visits room. */
export { purgeOldVisits, VISIT_RETENTION_MONTHS } from './store';
