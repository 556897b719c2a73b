import type { CreateUploadMutation, DeleteResultFieldsFragment } from '@/generated/graphql';

/**
 * Shapes of the catalogue subgraph the admin screens share, generated from its schema.
 * Result mutations carry a French, ready-to-show error instead of throwing.
 */
export type DeleteResult = DeleteResultFieldsFragment;
export type UploadTicket = NonNullable<CreateUploadMutation['createUpload']['upload']>;

export type { ArticleCategory, ArticleStatus, ContentCategory, UploadKind } from '@/generated/graphql';

