import { readLowData } from '../../lib/low-data-choice';

/** The parts of the Network Information API we read (Chromium browsers, most Android phones). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW = new Set(['slow-2g', '2g', '3g']);
/** The viewer's choices under the player, per device (the privacy page names both keys). */
const DATA_SAVER_KEY = 'lbf_data_saver';
const AUDIO_ONLY_KEY = 'lbf_audio_only';

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

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage refused (private mode), or no window (the server's render): no choice kept.
    return null;
  }
}

function store(key: string, on: boolean): void {
  try {
    window.localStorage.setItem(key, on ? '1' : '0');
  } catch {
    // Not kept across visits then; the switch still works.
  }
}

export function readDataSaver(): boolean {
  const connection = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return initialDataSaver(readStored(DATA_SAVER_KEY), connection, readLowData());
}

export function rememberDataSaver(on: boolean): void {
  store(DATA_SAVER_KEY, on);
}

/** Audio only as this device's viewer last left it (off until they choose it). */
export function readAudioOnly(): boolean {
  return readStored(AUDIO_ONLY_KEY) === '1';
}

export function rememberAudioOnly(on: boolean): void {
  store(AUDIO_ONLY_KEY, on);
}
