import type { AdminArticleEditorQuery, AdminArticleRowFragment } from '@/generated/graphql';

export type AdminArticle = AdminArticleRowFragment;
/** The article as the editor loads it: the row and its body. */
export type AdminArticleDetail = NonNullable<AdminArticleEditorQuery['article']>;

export const PAGE_SIZE = 20;

