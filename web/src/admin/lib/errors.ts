import { toast } from '@/components/ui/toast';
import { userErrorOf, type UserError } from '@/lib/user-error';
import { adminFr } from '@/i18n/admin';

/** A refusal the server worded for the administrator (UserError, upload route): shown as returned. */
export class ServerMessageError extends Error {
  readonly field: string | null;
  constructor(message: string, field: string | null = null) {
    super(message);
    this.name = 'ServerMessageError';
    this.field = field;
  }
}

/** The administrator cancelled a transfer: not a failure, nothing to report. */
export class UploadCancelledError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** Throws the result's error, if any, so one catch handles every failure of a submission. */
export function assertNoError(error: UserError | null | undefined): void {
  if (error) throw new ServerMessageError(error.message, error.field);
}

/** Spec §8: admin failures are destructive toasts titled 'Erreur'. */
export function toastFailure(description: string): void {
  toast.error(adminFr.common.error, { description });
}

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined);
}

/**
 * Logs the failure (spec §8: admin failures are also logged) and tells the administrator: the
 * server's own words when it gave some, else the screen's message of the spec.
 */
export function reportFailure(err: unknown, fallback: string): void {
  if (err instanceof UploadCancelledError) {
    toast(adminFr.upload.cancelled, { description: adminFr.upload.cancelledText });
    return;
  }
  console.error(fallback, err);
  toastFailure(err instanceof ServerMessageError ? err.message : (userErrorOf(err)?.message ?? fallback));
}

/**
 * The payload of a result mutation (`data[field]`), once it is known to be there and error-free:
 * a missing answer or a refusal is thrown, for the submission's one catch.
 */
export function resultOf<K extends string, R extends { error?: UserError | null }>(data: { [F in K]: R } | null | undefined, field: K): R {
  if (!data) throw new Error(`${field} returned nothing`);
  const result = data[field];
  assertNoError(result.error);
  return result;
}
