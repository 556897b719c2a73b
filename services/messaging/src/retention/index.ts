export { messagingRetention } from './retention.module';
export { purgeExpired, type PurgeCounts } from './store';
