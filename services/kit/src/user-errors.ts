import { GraphQLError } from 'graphql';
import type { z } from 'zod';

/**
 * The one way a service tells a person what went wrong (issue 6): a refusal worded in French,
 * ready to show, with the input field it belongs to. In the SDL it is the `UserError` value type,
 * declared identically (and @shareable) in every subgraph; each mutation returns a payload with
 * its data field(s) and `error: UserError`. Exceptions other than UserError are faults: they are
 * logged and shown as 'Une erreur inattendue s'est produite.'.
 *
 * A value, not an Error: graphql-js treats any Error a resolver returns as a field failure, and a
 * refusal is an answer. It may still be thrown to unwind (and roll back a transaction); the
 * resolver wrappers below catch it. It carries no stack because it is not a fault.
 */
export class UserError {
  /** Machine-readable reason, e.g. VALIDATION, NOT_FOUND, INVALID_CREDENTIALS (each service lists its own). */
  readonly code: string;
  /** The spec's words, ready to show. */
  readonly message: string;
  /** The input field it belongs to (e.g. `email`, `videoUploadId`), when it belongs to one. */
  readonly field: string | null;
  /** A toast title where the spec words one (e.g. 'Erreur de connexion'); null lets the page use 'Erreur'. */
  readonly title: string | null;

  constructor(code: string, message: string, opts: { field?: string | null; title?: string | null } = {}) {
    this.code = code;
    this.message = message;
    this.field = opts.field ?? null;
    this.title = opts.title ?? null;
  }
}

/** What an operation yields when a refusal is an ordinary answer rather than an exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: UserError };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(error: UserError): { ok: false; error: UserError } {
  return { ok: false, error };
}

/** The code of a refusal that comes from checking the input (zod at the edge). */
export const VALIDATION = 'VALIDATION';

/** Said whenever a string input holds a NUL character, which Postgres text cannot store. */
export const FORBIDDEN_CHARACTERS_MESSAGE = 'Ce champ contient des caractères non autorisés.';

/** The first zod issue as a UserError: its message (the schema's French words) and its top-level field. */
export function userErrorFromZod(error: z.ZodError): UserError {
  const issue = error.issues[0];
  const field = issue && issue.path.length ? String(issue.path[0]) : null;
  return new UserError(VALIDATION, issue?.message ?? FORBIDDEN_CHARACTERS_MESSAGE, { field });
}

/** Zod at the edge, as a Result: the parsed input, or the first problem as a French UserError. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(input ?? {});
  return parsed.success ? ok(parsed.data) : fail(userErrorFromZod(parsed.error));
}

/** Zod at the edge for mutations: the parsed input, or a thrown UserError that `withUserErrors` puts in the payload. */
export function validInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseInput(schema, input);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

/**
 * The one shape of a refused query argument (queries have no payload to carry an error):
 * code BAD_USER_INPUT, the French message, and the field in `extensions.field`.
 */
export function userInputError(message: string, field: string | null = null): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', field } });
}

/** A UserError raised where no payload can carry it (a query, a Boolean mutation): the BAD_USER_INPUT shape. */
export function toGraphQLError(error: UserError): GraphQLError {
  return userInputError(error.message, error.field);
}

/** Zod at the edge for queries and payload-less fields: the parsed arguments, or a thrown BAD_USER_INPUT error. */
export function validArgs<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseInput(schema, input);
  if (!parsed.ok) throw toGraphQLError(parsed.error);
  return parsed.value;
}

/** Runs `run`; a thrown UserError becomes `{ ok: false, error }`, anything else propagates. */
export async function settle<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await run());
  } catch (err) {
    if (err instanceof UserError) return fail(err);
    throw err;
  }
}

/** A mutation's payload: its data field (null on refusal) and `error`. */
export type Payload<K extends string, T> = { [P in K]: T | null } & { error: UserError | null };

/**
 * The resolver side of the idiom: runs the mutation, puts its value under `key`, and turns a
 * thrown UserError (from zod at the edge, or from deep inside a transaction, which it rolls back)
 * into the payload's `error`. Anything else propagates as the fault it is.
 */
export async function withUserErrors<K extends string, T>(key: K, run: () => Promise<T>): Promise<Payload<K, T>> {
  const result = await settle(run);
  return (result.ok ? { [key]: result.value, error: null } : { [key]: null, error: result.error }) as Payload<K, T>;
}

/** Payload-less fields (queries, Boolean mutations): a thrown UserError becomes the BAD_USER_INPUT GraphQLError. */
export async function rethrowUserErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof UserError) throw toGraphQLError(err);
    throw err;
  }
}

/** A refusal as a Result (`return refuse(CODES.NOT_FOUND, TEXT.notFound)` in a use case). */
export function refuse(code: string, message: string, opts: { field?: string | null; title?: string | null } = {}): { ok: false; error: UserError } {
  return fail(new UserError(code, message, opts));
}

/**
 * The resolver side of the one idiom (issue 21): a use case's Result as the mutation's payload,
 * its value under `key` and `error` null, or the refusal in `error` and the data field null.
 */
export function toPayload<K extends string, T>(key: K, result: Result<T>): Payload<K, T> {
  return (result.ok ? { [key]: result.value, error: null } : { [key]: null, error: result.error }) as Payload<K, T>;
}

/** A use case's Result where no payload can carry a refusal (queries, Boolean mutations): the value, or BAD_USER_INPUT. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw toGraphQLError(result.error);
  return result.value;
}

/**
 * `unwrap` for a field whose page reads the refusal's own code (e.g. RATE_LIMITED on createCaptcha
 * and openContactForm): the GraphQL error carries the UserError's code and message, not BAD_USER_INPUT.
 */
export function unwrapKeepingCode<T>(result: Result<T>): T {
  if (!result.ok) throw new GraphQLError(result.error.message, { extensions: { code: result.error.code } });
  return result.value;
}
