import { useCallback } from 'react';

type Reloadable = { refetch(): Promise<unknown> };

/** One stable callback reloading a page's figures and its list together: what changes one changes the other. */
export function useReloadStatsAndList(stats: Reloadable, list: Reloadable): () => void {
  const { refetch: refetchStats } = stats;
  const { refetch: refetchList } = list;
  return useCallback(() => {
    void refetchStats();
    void refetchList();
  }, [refetchStats, refetchList]);
}
