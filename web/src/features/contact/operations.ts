import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  OpenContactFormMutation,
  OpenContactFormMutationVariables,
  SendContactMessageMutation,
  SendContactMessageMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/** Taken when the form opens: the server's clock for the minimum fill time. */
export const OPEN_CONTACT_FORM: TypedDocumentNode<OpenContactFormMutation, OpenContactFormMutationVariables> = gql`
  mutation OpenContactForm {
    openContactForm {
      token
      minSeconds
    }
  }
`;

export const SEND_CONTACT_MESSAGE: TypedDocumentNode<SendContactMessageMutation, SendContactMessageMutationVariables> = gql`
  mutation SendContactMessage($input: ContactInput!) {
    sendContactMessage(input: $input) {
      sent
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
