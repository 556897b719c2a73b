import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminInternalMessageFieldsFragment,
  AdminInternalMessagesQuery,
  AdminInternalMessagesQueryVariables,
  AdminInternalMessageStatsQuery,
  AdminInternalMessageStatsQueryVariables,
  AdminMarkMessageReadMutation,
  AdminMarkMessageReadMutationVariables,
  AdminSendMessageMutation,
  AdminSendMessageMutationVariables,
  MessageRecipientsQuery,
  MessageRecipientsQueryVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminMessage = AdminInternalMessageFieldsFragment;
export type AdminMessageStats = AdminInternalMessageStatsQuery['adminInternalMessageStats'];
export type Recipient = MessageRecipientsQuery['messageRecipients'][number];

export const MESSAGES_PAGE_SIZE = 20;

const MESSAGE_FIELDS = gql`
  fragment AdminInternalMessageFields on AdminInternalMessage {
    id
    subject
    content
    isGroup
    recipient {
      id
      name
      email
    }
    sentAt
    readAt
    readCount
    recipientCount
    senderName
  }
`;

export const ADMIN_MESSAGE_STATS: TypedDocumentNode<AdminInternalMessageStatsQuery, AdminInternalMessageStatsQueryVariables> = gql`
  query AdminInternalMessageStats {
    adminInternalMessageStats {
      total
      read
      readRatePercent
      users
    }
  }
`;

export const ADMIN_MESSAGES: TypedDocumentNode<AdminInternalMessagesQuery, AdminInternalMessagesQueryVariables> = gql`
  query AdminInternalMessages($page: Int!, $pageSize: Int!) {
    adminInternalMessages(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminInternalMessageFields
      }
    }
  }
  ${MESSAGE_FIELDS}
`;

export const MESSAGE_RECIPIENTS: TypedDocumentNode<MessageRecipientsQuery, MessageRecipientsQueryVariables> = gql`
  query MessageRecipients($search: String, $first: Int) {
    messageRecipients(search: $search, first: $first) {
      id
      name
      email
    }
  }
`;

export const ADMIN_SEND_MESSAGE: TypedDocumentNode<AdminSendMessageMutation, AdminSendMessageMutationVariables> = gql`
  mutation AdminSendMessage($input: SendInternalMessageInput!) {
    adminSendMessage(input: $input) {
      message {
        ...AdminInternalMessageFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${MESSAGE_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const ADMIN_MARK_MESSAGE_READ: TypedDocumentNode<AdminMarkMessageReadMutation, AdminMarkMessageReadMutationVariables> = gql`
  mutation AdminMarkMessageRead($id: ID!) {
    adminMarkMessageRead(id: $id) {
      message {
        ...AdminInternalMessageFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${MESSAGE_FIELDS}
  ${USER_ERROR_FIELDS}
`;
