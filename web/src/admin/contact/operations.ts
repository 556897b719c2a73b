import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminContactMessage = G.AdminContactMessageFieldsFragment;
export type AdminContactMessages = G.AdminContactMessagesQuery['adminContactMessages'];
export type { ContactFolder } from '@/generated/graphql';

export const CONTACT_PAGE_SIZE = 20;

const CONTACT_FIELDS = gql`
  fragment AdminContactMessageFields on ContactMessage {
    id
    name
    email
    subject
    subjectLabel
    message
    receivedAt
    readAt
    archivedAt
    replies {
      id
      body
      sentAt
      senderName
      delivery
    }
  }
`;

/** What each action on a message answers: the message as it is now, or the refusal. */
const CONTACT_RESULT = gql`
  fragment AdminContactMessageResult on ContactMessagePayload {
    contactMessage {
      ...AdminContactMessageFields
    }
    error {
      ...UserErrorFields
    }
  }
  ${CONTACT_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const ADMIN_CONTACT_MESSAGES: TypedDocumentNode<G.AdminContactMessagesQuery, G.AdminContactMessagesQueryVariables> = gql`
  query AdminContactMessages($folder: ContactFolder, $search: String, $page: Int!, $pageSize: Int!) {
    adminContactMessages(folder: $folder, search: $search, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      unreadCount
      items {
        ...AdminContactMessageFields
      }
    }
  }
  ${CONTACT_FIELDS}
`;

/** The sidebar's badge: unread messages in the inbox. */
export const ADMIN_CONTACT_UNREAD: TypedDocumentNode<G.AdminContactUnreadQuery, G.AdminContactUnreadQueryVariables> = gql`
  query AdminContactUnread {
    adminContactMessages(folder: INBOX, page: 1, pageSize: 1) {
      unreadCount
    }
  }
`;

export const ADMIN_CONTACT_MESSAGE: TypedDocumentNode<G.AdminContactMessageQuery, G.AdminContactMessageQueryVariables> = gql`
  query AdminContactMessage($id: ID!) {
    adminContactMessage(id: $id) {
      ...AdminContactMessageFields
    }
  }
  ${CONTACT_FIELDS}
`;

export const ADMIN_MARK_CONTACT_MESSAGE: TypedDocumentNode<G.AdminMarkContactMessageMutation, G.AdminMarkContactMessageMutationVariables> = gql`
  mutation AdminMarkContactMessage($id: ID!, $read: Boolean!) {
    adminMarkContactMessage(id: $id, read: $read) {
      ...AdminContactMessageResult
    }
  }
  ${CONTACT_RESULT}
`;

export const ADMIN_ARCHIVE_CONTACT_MESSAGE: TypedDocumentNode<G.AdminArchiveContactMessageMutation, G.AdminArchiveContactMessageMutationVariables> = gql`
  mutation AdminArchiveContactMessage($id: ID!, $archived: Boolean!) {
    adminArchiveContactMessage(id: $id, archived: $archived) {
      ...AdminContactMessageResult
    }
  }
  ${CONTACT_RESULT}
`;

export const ADMIN_REPLY_CONTACT_MESSAGE: TypedDocumentNode<G.AdminReplyContactMessageMutation, G.AdminReplyContactMessageMutationVariables> = gql`
  mutation AdminReplyContactMessage($id: ID!, $body: String!) {
    adminReplyContactMessage(id: $id, body: $body) {
      ...AdminContactMessageResult
    }
  }
  ${CONTACT_RESULT}
`;
