import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ArticlePageQuery, ArticlePageQueryVariables } from '@/generated/graphql';

export type ArticleDetail = NonNullable<ArticlePageQuery['article']>;

export const ARTICLE_PAGE_QUERY: TypedDocumentNode<ArticlePageQuery, ArticlePageQueryVariables> = gql`
  query ArticlePage($id: ID!) {
    article(id: $id) {
      id
      title
      excerpt
      bodyHtml
      author
      reviewer
      contentUpdatedOn
      category
      categoryLabel
      imageUrl
      readTimeMinutes
      date
    }
  }
`;
