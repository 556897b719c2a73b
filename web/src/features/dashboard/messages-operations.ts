import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  MarkMessageReadMutation,
  MarkMessageReadMutationVariables,
  MyMessagesQuery,
  MyMessagesQueryVariables,
  MyUnreadMessageCountQuery,
  MyUnreadMessageCountQueryVariables,
  UnreadMessageCountChangedSubscription,
  UnreadMessageCountChangedSubscriptionVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type InboxMessage = MyMessagesQuery['myMessages']['items'][number];

export const INBOX_PAGE_SIZE = 20;

export const INBOX_MESSAGE_FIELDS = gql`
  fragment InboxMessageFields on InboxMessage {
    id
    subject
    content
    isGroup
    sentAt
    readAt
    senderName
  }
`;

export const MY_MESSAGES_QUERY: TypedDocumentNode<MyMessagesQuery, MyMessagesQueryVariables> = gql`
  query MyMessages($page: Int!, $pageSize: Int!) {
    myMessages(page: $page, pageSize: $pageSize) {
      items {
        ...InboxMessageFields
      }
      total
      unread
      page
      pageSize
    }
  }
  ${INBOX_MESSAGE_FIELDS}
`;

export const MARK_MESSAGE_READ: TypedDocumentNode<MarkMessageReadMutation, MarkMessageReadMutationVariables> = gql`
  mutation MarkMessageRead($id: ID!) {
    markMessageRead(id: $id) {
      message {
        ...InboxMessageFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${INBOX_MESSAGE_FIELDS}
  ${USER_ERROR_FIELDS}
`;

/** The header badge: the count now (the fallback and the first value)... */
export const MY_UNREAD_MESSAGE_COUNT: TypedDocumentNode<MyUnreadMessageCountQuery, MyUnreadMessageCountQueryVariables> = gql`
  query MyUnreadMessageCount {
    myUnreadMessageCount
  }
`;

/** ...then each time it changes, pushed through the gateway. */
export const UNREAD_MESSAGE_COUNT_CHANGED: TypedDocumentNode<
  UnreadMessageCountChangedSubscription,
  UnreadMessageCountChangedSubscriptionVariables
> = gql`
  subscription UnreadMessageCountChanged {
    myUnreadMessageCount
  }
`;
