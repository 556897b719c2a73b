import { useEffect } from 'react';

/** How often a list refreshes while a video is being prepared. */
export const PROCESSING_POLL_MS = 2000;

/**
 * Live 'Traitement 42 %': the query polls while `active` (a video it shows waits for or is in the
 * streaming pipeline), not otherwise.
 */
export function usePollWhile(active: boolean, { startPolling, stopPolling }: { startPolling(ms: number): void; stopPolling(): void }): void {
  useEffect(() => {
    if (!active) return;
    startPolling(PROCESSING_POLL_MS);
    return () => stopPolling();
  }, [active, startPolling, stopPolling]);
}
