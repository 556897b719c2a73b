import { useEffect } from 'react';

/** Deleting the last row of the last page leaves an empty page: step back to the new last one. */
export function useClampPage(totalPages: number | undefined, page: number, setPage: (page: number) => void): void {
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [totalPages, page, setPage]);
}
