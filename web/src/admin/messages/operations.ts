import type * as G from '@/generated/graphql';

export type AdminMessage = G.AdminInternalMessageFieldsFragment;
export type AdminMessageStats = G.AdminInternalMessageStatsQuery['adminInternalMessageStats'];
export type Recipient = G.MessageRecipientsQuery['messageRecipients'][number];

export const MESSAGES_PAGE_SIZE = 20;

