/**
 * Where the low-data mode's choice lives (localStorage, else the browser's Save-Data), readable
 * outside React: the player's data saver reads it when a video starts. The React side: low-data.tsx.
 */
export const LOW_DATA_STORAGE_KEY = 'lbf:low-data';
/** The same choice for the server (gateway/src/ssr/routes.ts), so its HTML is already in the right mode. */
export const LOW_DATA_COOKIE = 'lbf_low_data';

/** The part of the Network Information API read here (Chromium browsers, most Android phones). */
interface SaveDataHint {
  saveData?: boolean;
}

function storedChoice(): boolean | null {
  try {
    const stored = window.localStorage.getItem(LOW_DATA_STORAGE_KEY);
    return stored === '1' ? true : stored === '0' ? false : null;
  } catch {
    return null;
  }
}

let pageChoice: boolean | null = null;

/**
 * The low-data mode as the browser sees it, outside React too (the player reads it when it starts):
 * the visitor's choice, else the browser's Save-Data, else `fallback`.
 */
export function readLowData(fallback = false): boolean {
  if (typeof window === 'undefined') return fallback;
  const choice = pageChoice ?? storedChoice();
  if (choice !== null) return choice;
  const connection = (navigator as Navigator & { connection?: SaveDataHint }).connection;
  return connection?.saveData === true ? true : fallback;
}

const listeners = new Set<() => void>();

export function subscribeLowData(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOW_DATA_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function rememberLowData(on: boolean): void {
  pageChoice = on;
  document.cookie = `${LOW_DATA_COOKIE}=${on ? '1' : '0'}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    window.localStorage.setItem(LOW_DATA_STORAGE_KEY, on ? '1' : '0');
    // Stored: the page follows storage again (another tab may change it).
    pageChoice = null;
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}
