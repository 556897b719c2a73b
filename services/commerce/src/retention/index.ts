export { commerceRetention } from './retention.module';
export { purgeExpired, type PurgeCounts } from './store';
