import type { ArticlePageQuery } from '@/generated/graphql';

export type ArticleDetail = NonNullable<ArticlePageQuery['article']>;

