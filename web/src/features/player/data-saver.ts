import { readLowData } from '../../lib/low-data-choice';

/** The parts of the Network Information API we read (Chromium browsers, most Android phones). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW = new Set(['slow-2g', '2g', '3g']);
const STORAGE_KEY = 'lbf_data_saver';

/** True when the browser says Save-Data or the connection is 2g/3g. */
export function connectionIsSlow(connection: ConnectionHints | undefined | null): boolean {
  if (!connection) return false;
  return connection.saveData === true || SLOW.has(String(connection.effectiveType ?? ''));
}

/**
 * How a video starts: data saver on in the site's low-data mode (issue 11); else the viewer's own
 * choice when they made one, else what the connection suggests.
 */
export function initialDataSaver(stored: string | null, connection: ConnectionHints | undefined | null, lowData = false): boolean {
  if (lowData) return true;
  if (stored === '1') return true;
  if (stored === '0') return false;
  return connectionIsSlow(connection);
}

export function readDataSaver(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): follow the connection.
  }
  return initialDataSaver(stored, (navigator as Navigator & { connection?: ConnectionHints }).connection, readLowData());
}

export function rememberDataSaver(on: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? '1' : '0');
  } catch {
    // Not kept across visits then; the switch still works.
  }
}
