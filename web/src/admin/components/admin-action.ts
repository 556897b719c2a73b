import { useEffect } from 'react';
import { reportFailure, toastFailure } from '../lib/errors';

/**
 * Runs an administrator's action (a result mutation checked with `resultOf`, then its toast and
 * reload): a failure is logged and told with the screen's sentence (reportFailure). Resolves to
 * whether it went through.
 */
export async function runAction(action: () => Promise<unknown>, failure: string): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (err) {
    reportFailure(err, failure);
    return false;
  }
}

/** A dialog's or a screen's load failure: logged and told in a toast with the screen's sentence. */
export function useToastLoadError(error: unknown, text: string): void {
  useEffect(() => {
    if (!error) return;
    console.error(text, error);
    toastFailure(text);
  }, [error, text]);
}
