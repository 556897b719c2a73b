import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ArticlePageQuery, ArticlePageQueryVariables } from '@/generated/graphql';

export type ArticleDetail = NonNullable<ArticlePageQuery['article']>;

/** An article's heading, as its page and the back office's editor show it (the body apart). */
export const ARTICLE_FIELDS = gql`
  fragment ArticleFields on Article {
    id
    title
    excerpt
    author
    reviewer
    contentUpdatedOn
    category
    categoryLabel
    imageUrl
    date
    readTimeMinutes
  }
`;

export const ARTICLE_PAGE_QUERY: TypedDocumentNode<ArticlePageQuery, ArticlePageQueryVariables> = gql`
  query ArticlePage($id: ID!) {
    article(id: $id) {
      ...ArticleFields
      bodyHtml
    }
  }
  ${ARTICLE_FIELDS}
`;
