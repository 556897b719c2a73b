import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminMessage = G.AdminInternalMessageFieldsFragment;
export type AdminMessageStats = G.AdminInternalMessageStatsQuery['adminInternalMessageStats'];
export type Recipient = G.MessageRecipientsQuery['messageRecipients'][number];

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

/** What sending or marking a message answers: the message, or the refusal. */
const MESSAGE_RESULT = gql`
  fragment AdminInternalMessageResult on AdminInternalMessagePayload {
    message {
      ...AdminInternalMessageFields
    }
    error {
      ...UserErrorFields
    }
  }
  ${MESSAGE_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const ADMIN_MESSAGE_STATS: TypedDocumentNode<G.AdminInternalMessageStatsQuery, G.AdminInternalMessageStatsQueryVariables> = gql`
  query AdminInternalMessageStats {
    adminInternalMessageStats {
      total
      read
      readRatePercent
      users
    }
  }
`;

export const ADMIN_MESSAGES: TypedDocumentNode<G.AdminInternalMessagesQuery, G.AdminInternalMessagesQueryVariables> = gql`
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

export const MESSAGE_RECIPIENTS: TypedDocumentNode<G.MessageRecipientsQuery, G.MessageRecipientsQueryVariables> = gql`
  query MessageRecipients($search: String, $first: Int) {
    messageRecipients(search: $search, first: $first) {
      id
      name
      email
    }
  }
`;

export const ADMIN_SEND_MESSAGE: TypedDocumentNode<G.AdminSendMessageMutation, G.AdminSendMessageMutationVariables> = gql`
  mutation AdminSendMessage($input: SendInternalMessageInput!) {
    adminSendMessage(input: $input) {
      ...AdminInternalMessageResult
    }
  }
  ${MESSAGE_RESULT}
`;

export const ADMIN_MARK_MESSAGE_READ: TypedDocumentNode<G.AdminMarkMessageReadMutation, G.AdminMarkMessageReadMutationVariables> = gql`
  mutation AdminMarkMessageRead($id: ID!) {
    adminMarkMessageRead(id: $id) {
      ...AdminInternalMessageResult
    }
  }
  ${MESSAGE_RESULT}
`;
