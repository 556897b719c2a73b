import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MyDataExportQuery, MyDataExportQueryVariables, RequestDataExportMutation, RequestDataExportMutationVariables } from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

/** The signed-in person's latest export (messaging), with its link while it is ready. */
export const MY_DATA_EXPORT: TypedDocumentNode<MyDataExportQuery, MyDataExportQueryVariables> = gql`
  query MyDataExport {
    me {
      id
      dataExport {
        id
        status
        partsReady
        partsTotal
        requestedAt
        expiresAt
        byAdministrator
        downloadUrl
      }
    }
  }
`;

/** « Demander l'export » (identity). */
export const REQUEST_DATA_EXPORT: TypedDocumentNode<RequestDataExportMutation, RequestDataExportMutationVariables> = gql`
  mutation RequestDataExport {
    requestDataExport {
      request {
        id
        requestedAt
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;
