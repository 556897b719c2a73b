import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AuthResultFieldsFragment,
  CheckCaptchaMutation,
  CheckCaptchaMutationVariables,
  CreateCaptchaMutation,
  CreateCaptchaMutationVariables,
  RefreshSessionMutation,
  RefreshSessionMutationVariables,
  RequestPasswordResetMutation,
  RequestPasswordResetMutationVariables,
  ResetPasswordMutation,
  ResetPasswordMutationVariables,
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
import { USER_ERROR_FIELDS, type UserError } from '@/lib/user-error';

/** The signed-in user as every auth answer carries it (fragment SessionUser). */
export type SessionUser = SessionUserFragment;
/** A refusal worded for the user (fragment UserErrorFields, shared with every subgraph's mutations). */
export type { UserError };
export type AuthResult = AuthResultFieldsFragment;
export type Captcha = CreateCaptchaMutation['createCaptcha'];
export type { SignInInput, SignUpInput };

const SESSION_USER = gql`
  fragment SessionUser on User {
    id
    email
    firstName
    lastName
    fullName
    phone
    isAdmin
    isBanned
  }
`;

const AUTH_RESULT = gql`
  fragment AuthResultFields on AuthResult {
    accessToken
    accessTokenExpiresAt
    user {
      ...SessionUser
    }
    error {
      ...UserErrorFields
    }
  }
  ${SESSION_USER}
  ${USER_ERROR_FIELDS}
`;

export const REFRESH_SESSION: TypedDocumentNode<RefreshSessionMutation, RefreshSessionMutationVariables> = gql`
  mutation RefreshSession {
    refreshSession {
      ...AuthResultFields
    }
  }
  ${AUTH_RESULT}
`;

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

export const CREATE_CAPTCHA: TypedDocumentNode<CreateCaptchaMutation, CreateCaptchaMutationVariables> = gql`
  mutation CreateCaptcha {
    createCaptcha {
      id
      image
      expiresAt
      proofOfWork {
        challenge
        difficulty
      }
    }
  }
`;

export const CHECK_CAPTCHA: TypedDocumentNode<CheckCaptchaMutation, CheckCaptchaMutationVariables> = gql`
  mutation CheckCaptcha($id: ID!, $answer: String!) {
    checkCaptcha(id: $id, answer: $answer)
  }
`;

export const REQUEST_PASSWORD_RESET: TypedDocumentNode<RequestPasswordResetMutation, RequestPasswordResetMutationVariables> = gql`
  mutation RequestPasswordReset($input: PasswordResetRequestInput!) {
    requestPasswordReset(input: $input) {
      ok
      message
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const RESET_PASSWORD: TypedDocumentNode<ResetPasswordMutation, ResetPasswordMutationVariables> = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ok
      message
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
