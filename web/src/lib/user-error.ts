import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { UserErrorFieldsFragment } from '@/generated/graphql';

/**
 * A refusal the server worded for the person (the SDL's UserError, one shape in every subgraph):
 * French message ready to show, the input field it belongs to, an optional toast title.
 */
export type UserError = UserErrorFieldsFragment;
// Every mutation's `error { ... }` spreads UserErrorFields (lib/user-error-fields.fragment.graphql).

/**
 * An input refused before any payload could carry it (the kit's one BAD_USER_INPUT shape, e.g. a
 * NUL character in a field), as a UserError the forms show like the others; null for anything else.
 */
export function userErrorOf(err: unknown): UserError | null {
  if (!CombinedGraphQLErrors.is(err)) return null;
  const refused = err.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
  if (!refused) return null;
  const field = refused.extensions?.field;
  return { code: 'VALIDATION', title: null, message: refused.message, field: typeof field === 'string' ? field : null };
}
