import type * as G from '@/generated/graphql';

export type AdminContactMessage = G.AdminContactMessageFieldsFragment;
export type AdminContactMessages = G.AdminContactMessagesQuery['adminContactMessages'];
export type { ContactFolder } from '@/generated/graphql';

export const CONTACT_PAGE_SIZE = 20;

