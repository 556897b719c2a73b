import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { UserError } from '@/auth/operations';
import { toastUserError } from '@/lib/show-error';

/**
 * Shows a server UserError: under its field when the form has that field (aliases map the
 * server's input names to the form's), otherwise as a destructive toast.
 */
export function showServerError<T extends FieldValues>(
  error: UserError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Record<string, Path<T>> = {},
): void {
  const field = error.field ? (aliases[error.field] ?? error.field) : null;
  if (field && (fields as readonly string[]).includes(field)) {
    setError(field as Path<T>, { type: 'server', message: error.message }, { shouldFocus: true });
  } else {
    toastUserError(error);
  }
}
