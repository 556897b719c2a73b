import { gql } from '@apollo/client';

/**
 * Spread in every mutation's `error { ... }` (lib/user-error.ts). A module of its own, apart from
 * Apollo's error classes: the session refresh every page makes (auth/session-operations.ts) spreads
 * it before any of Apollo's code is on the page.
 */
export const USER_ERROR_FIELDS = gql`
  fragment UserErrorFields on UserError {
    code
    title
    message
    field
  }
`;
