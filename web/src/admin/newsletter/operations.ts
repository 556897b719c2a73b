import type * as G from '@/generated/graphql';

export type AdminCampaign = G.AdminCampaignFieldsFragment;
export type AdminCampaigns = G.AdminCampaignsQuery['adminCampaigns'];
export type AdminNewsletterStats = G.AdminNewsletterStatsQuery['adminNewsletterStats'];
export type AdminSubscriber = G.AdminNewsletterSubscribersQuery['adminNewsletterSubscribers']['items'][number];
export type { SubscriberStatus } from '@/generated/graphql';

export const SUBSCRIBERS_PAGE_SIZE = 20;
export const CAMPAIGNS_PAGE_SIZE = 10;

