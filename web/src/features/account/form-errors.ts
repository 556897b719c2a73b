import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toastUnexpected } from '@/lib/show-error';
import { userErrorOf } from '@/lib/user-error';
import { showServerError } from '../../lib/show-server-error';

/**
 * A submit that threw: an input the server refused before any payload could carry it goes under
 * its field like any refusal (lib/user-error.ts), anything else is 'unexpected'.
 */
export function showCaughtError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  const refused = userErrorOf(err);
  if (refused) showServerError(refused, setError, fields);
  else toastUnexpected();
}
