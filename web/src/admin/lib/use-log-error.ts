import { useEffect } from 'react';

/** Spec §8: loading failures of the admin screens are only logged; no message is shown. */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [error, what]);
}
