import type { Result, UserError } from '@lbf/service-kit';

/**
 * Payloads whose data are fields of their own rather than one object under a key (the kit's
 * `toPayload`): the value's fields and `error` null, or `refusedFields` and the refusal.
 */
export function fieldsPayload<T extends object, R extends object>(result: Result<T>, refusedFields: R): (T & { error: null }) | (R & { error: UserError }) {
  return result.ok ? { ...result.value, error: null } : { ...refusedFields, error: result.error };
}

/** DeleteResult: `ok` is non-null, so a refusal answers `{ ok: false, error }`. */
export function deletePayload(result: Result<void>): { ok: boolean; error: UserError | null } {
  return { ok: result.ok, error: result.ok ? null : result.error };
}
