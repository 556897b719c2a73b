import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { readLowData, rememberLowData, subscribeLowData } from './low-data-choice';

/**
 * The low-data mode (issue 11): smaller images, nothing autoplaying, the player's data saver on.
 * On by default when the browser asks to save data (the Save-Data header, navigator.connection.saveData);
 * the visitor's own choice (footer and account menu) is kept in localStorage and a cookie, and wins.
 * The server renders with `initial` (that cookie, else the request's Save-Data header) so hydration matches;
 * right after hydration the browser's own value applies (the stored choice, else saveData).
 */
export interface LowData {
  enabled: boolean;
  setEnabled(on: boolean): void;
}

export { LOW_DATA_STORAGE_KEY, readLowData, rememberLowData } from './low-data-choice';

const LowDataContext = createContext<LowData>({ enabled: false, setEnabled: () => undefined });

export function LowDataProvider({ initial = false, children }: { initial?: boolean; children: ReactNode }) {
  const enabled = useSyncExternalStore(
    subscribeLowData,
    () => readLowData(initial),
    () => initial,
  );
  const setEnabled = useCallback((on: boolean) => rememberLowData(on), []);
  const value = useMemo(() => ({ enabled, setEnabled }), [enabled, setEnabled]);
  return <LowDataContext.Provider value={value}>{children}</LowDataContext.Provider>;
}

export function useLowData(): LowData {
  return useContext(LowDataContext);
}
