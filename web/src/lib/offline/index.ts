export { OfflineNotice } from './offline-notice';
export { isOffline, setServedCopy } from './offline-state';
export { useOffline } from './use-offline';
export { registerServiceWorker } from './register';
