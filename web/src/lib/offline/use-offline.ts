import { useSyncExternalStore } from 'react';
import { isOffline, subscribeOffline } from './offline-state';

/** True while the visitor is offline or reading a kept copy; false on the server and during hydration. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeOffline, isOffline, () => false);
}
