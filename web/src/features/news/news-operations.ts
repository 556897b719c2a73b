import { gql, type TypedDocumentNode } from '@apollo/client';
import type { NewsPageQuery, NewsPageQueryVariables } from '@/generated/graphql';
import { ARTICLE_CARD_FRAGMENT } from './article-card';

export const NEWS_PAGE_QUERY: TypedDocumentNode<NewsPageQuery, NewsPageQueryVariables> = gql`
  query NewsPage($filter: ArticleFilter, $page: Int, $pageSize: Int) {
    articles(filter: $filter, page: $page, pageSize: $pageSize) {
      items {
        ...ArticleCard_article
      }
      total
      page
      pageSize
      totalPages
    }
  }
  ${ARTICLE_CARD_FRAGMENT}
`;
