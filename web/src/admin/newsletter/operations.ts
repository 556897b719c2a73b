import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminCampaign = G.AdminCampaignFieldsFragment;
export type AdminCampaigns = G.AdminCampaignsQuery['adminCampaigns'];
export type AdminNewsletterStats = G.AdminNewsletterStatsQuery['adminNewsletterStats'];
export type AdminSubscriber = G.AdminNewsletterSubscribersQuery['adminNewsletterSubscribers']['items'][number];
export type { SubscriberStatus } from '@/generated/graphql';

export const SUBSCRIBERS_PAGE_SIZE = 20;
export const CAMPAIGNS_PAGE_SIZE = 10;

/** A campaign with its live counters (the history's row, the progress bar). */
const CAMPAIGN_FIELDS = gql`
  fragment AdminCampaignFields on Campaign {
    id
    subject
    status
    total
    sent
    failed
    suppressed
    uniqueClicks
    createdAt
    startedAt
    finishedAt
    senderName
  }
`;

export const ADMIN_NEWSLETTER_STATS: TypedDocumentNode<G.AdminNewsletterStatsQuery, G.AdminNewsletterStatsQueryVariables> = gql`
  query AdminNewsletterStats {
    adminNewsletterStats {
      activeSubscribers
      pendingSubscribers
      engagement {
        rate
        basis
        label
      }
      lastCampaign {
        ...AdminCampaignFields
      }
    }
  }
  ${CAMPAIGN_FIELDS}
`;

export const ADMIN_CAMPAIGNS: TypedDocumentNode<G.AdminCampaignsQuery, G.AdminCampaignsQueryVariables> = gql`
  query AdminCampaigns($page: Int!, $pageSize: Int!) {
    adminCampaigns(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminCampaignFields
      }
    }
  }
  ${CAMPAIGN_FIELDS}
`;

export const ADMIN_CAMPAIGN: TypedDocumentNode<G.AdminCampaignQuery, G.AdminCampaignQueryVariables> = gql`
  query AdminCampaign($id: ID!) {
    adminCampaign(id: $id) {
      ...AdminCampaignFields
    }
  }
  ${CAMPAIGN_FIELDS}
`;

export const CAMPAIGN_PROGRESS: TypedDocumentNode<G.CampaignProgressSubscription, G.CampaignProgressSubscriptionVariables> = gql`
  subscription CampaignProgress($id: ID!) {
    campaignProgress(id: $id) {
      ...AdminCampaignFields
    }
  }
  ${CAMPAIGN_FIELDS}
`;

export const ADMIN_NEWSLETTER_SUBSCRIBERS: TypedDocumentNode<G.AdminNewsletterSubscribersQuery, G.AdminNewsletterSubscribersQueryVariables> = gql`
  query AdminNewsletterSubscribers($search: String, $status: SubscriberStatus, $page: Int!, $pageSize: Int!) {
    adminNewsletterSubscribers(search: $search, status: $status, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        email
        status
        source
        subscribedAt
        confirmedAt
        unsubscribedAt
      }
    }
  }
`;

export const EXPORT_NEWSLETTER_SUBSCRIBERS_CSV: TypedDocumentNode<G.ExportNewsletterSubscribersCsvQuery, G.ExportNewsletterSubscribersCsvQueryVariables> = gql`
  query ExportNewsletterSubscribersCsv($search: String, $status: SubscriberStatus) {
    exportNewsletterSubscribersCsv(search: $search, status: $status)
  }
`;

export const ADMIN_UNSUBSCRIBE_SUBSCRIBER: TypedDocumentNode<G.AdminUnsubscribeSubscriberMutation, G.AdminUnsubscribeSubscriberMutationVariables> = gql`
  mutation AdminUnsubscribeSubscriber($id: ID!) {
    adminUnsubscribeSubscriber(id: $id) {
      subscriber {
        id
        status
        unsubscribedAt
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const ADMIN_SEND_TEST_CAMPAIGN: TypedDocumentNode<G.AdminSendTestCampaignMutation, G.AdminSendTestCampaignMutationVariables> = gql`
  mutation AdminSendTestCampaign($input: CampaignInput!) {
    adminSendTestCampaign(input: $input) {
      sentTo
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const ADMIN_SEND_CAMPAIGN: TypedDocumentNode<G.AdminSendCampaignMutation, G.AdminSendCampaignMutationVariables> = gql`
  mutation AdminSendCampaign($input: CampaignInput!) {
    adminSendCampaign(input: $input) {
      campaign {
        ...AdminCampaignFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${CAMPAIGN_FIELDS}
  ${USER_ERROR_FIELDS}
`;
