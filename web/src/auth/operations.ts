import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AuthResultFieldsFragment,
  SessionUserFragment,
  SignInInput,
  SignInMutation,
  SignInMutationVariables,
  SignOutMutation,
  SignOutMutationVariables,
  SignUpInput,
  SignUpMutation,
  SignUpMutationVariables,
} from '@/generated/graphql';
import type { UserError } from '@/lib/user-error';
import { AUTH_RESULT } from './session-operations';

/** The signed-in user as every auth answer carries it (fragment SessionUser). */
export type SessionUser = SessionUserFragment;
/** A refusal worded for the user (fragment UserErrorFields, shared with every subgraph's mutations). */
export type { UserError };
export type AuthResult = AuthResultFieldsFragment;
export type { SignInInput, SignUpInput };

// The session's documents, loaded with every page, are in auth/session-operations.ts; the auth
// page's others (captcha, password reset) are in features/account/operations.ts, in that page's chunk.
export { REFRESH_SESSION } from './session-operations';

export const SIGN_IN: TypedDocumentNode<SignInMutation, SignInMutationVariables> = gql`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      ...AuthResultFields
    }
  }
  ${AUTH_RESULT}
`;

export const SIGN_UP: TypedDocumentNode<SignUpMutation, SignUpMutationVariables> = gql`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      ...AuthResultFields
    }
  }
  ${AUTH_RESULT}
`;

export const SIGN_OUT: TypedDocumentNode<SignOutMutation, SignOutMutationVariables> = gql`
  mutation SignOut {
    signOut
  }
`;
