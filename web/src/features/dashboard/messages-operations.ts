import type { MyMessagesQuery } from '@/generated/graphql';

export type InboxMessage = MyMessagesQuery['myMessages']['items'][number];

export const INBOX_PAGE_SIZE = 20;

