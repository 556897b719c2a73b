import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CheckCaptchaMutation,
  CheckCaptchaMutationVariables,
  CreateCaptchaMutation,
  CreateCaptchaMutationVariables,
  RequestPasswordResetMutation,
  RequestPasswordResetMutationVariables,
  ResetPasswordMutation,
  ResetPasswordMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/** The auth page's own documents (captcha, password reset); the session's are in auth/operations.ts. */
export type Captcha = CreateCaptchaMutation['createCaptcha'];

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

/** What both password-reset steps answer: the message to show, or the refusal. */
const MESSAGE_RESULT = gql`
  fragment MessageResultFields on MessageResult {
    ok
    message
    error {
      ...UserErrorFields
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const REQUEST_PASSWORD_RESET: TypedDocumentNode<RequestPasswordResetMutation, RequestPasswordResetMutationVariables> = gql`
  mutation RequestPasswordReset($input: PasswordResetRequestInput!) {
    requestPasswordReset(input: $input) {
      ...MessageResultFields
    }
  }
  ${MESSAGE_RESULT}
`;

export const RESET_PASSWORD: TypedDocumentNode<ResetPasswordMutation, ResetPasswordMutationVariables> = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ...MessageResultFields
    }
  }
  ${MESSAGE_RESULT}
`;
