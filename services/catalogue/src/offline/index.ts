/** What app.ts (and the erasure and export rooms, and the tests) may use of offline. */
export { offlineModule, OFFLINE_BANS_CONSUMER, OFFLINE_UNBANS_CONSUMER } from './offline.module';
export { deleteOfflineOf, offlineLicencesOf } from './store';
