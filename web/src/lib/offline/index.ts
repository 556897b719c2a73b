export { OfflineNotice, offlineText } from './offline-notice';
export { isOffline, setServedCopy, useOffline } from './offline-state';
export { registerServiceWorker } from './register';
