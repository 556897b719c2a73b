import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CreateUploadMutation,
  CreateUploadMutationVariables,
  DeleteResultFieldsFragment,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/**
 * Shapes of the catalogue subgraph the admin screens share, generated from its schema.
 * Result mutations carry a French, ready-to-show error instead of throwing.
 */
export type DeleteResult = DeleteResultFieldsFragment;
export type UploadTicket = NonNullable<CreateUploadMutation['createUpload']['upload']>;

export type { ArticleCategory, ArticleStatus, ContentCategory, UploadKind } from '@/generated/graphql';

/** The answer of every delete mutation (DeleteResult). */
export const DELETE_RESULT_FIELDS = gql`
  fragment DeleteResultFields on DeleteResult {
    ok
    error {
      ...UserErrorFields
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const CREATE_UPLOAD: TypedDocumentNode<CreateUploadMutation, CreateUploadMutationVariables> = gql`
  mutation CreateUpload($input: CreateUploadInput!) {
    createUpload(input: $input) {
      upload {
        uploadId
        url
        method
        headers {
          name
          value
        }
        expiresAt
        maxBytes
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
