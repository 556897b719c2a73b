import { gql, type TypedDocumentNode } from '@apollo/client';
import { ARTICLE_FIELDS } from '@/features/news/article-operations';
import type {
  AdminArticleEditorQuery,
  AdminArticleEditorQueryVariables,
  AdminArticleRowFragment,
  AdminArticlesPageQuery,
  AdminArticlesPageQueryVariables,
  AdminHealthClaimWordsQuery,
  AdminHealthClaimWordsQueryVariables,
  CreateArticleMutation,
  CreateArticleMutationVariables,
  DeleteArticleMutation,
  DeleteArticleMutationVariables,
  PublishArticleMutation,
  PublishArticleMutationVariables,
  UnpublishArticleMutation,
  UnpublishArticleMutationVariables,
  UpdateArticleMutation,
  UpdateArticleMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';
import { DELETE_RESULT_FIELDS } from '../api/catalogue';

export type AdminArticle = AdminArticleRowFragment;
/** The article as the editor loads it: the row and its body. */
export type AdminArticleDetail = NonNullable<AdminArticleEditorQuery['article']>;

export const PAGE_SIZE = 20;

const ADMIN_ARTICLE_ROW = gql`
  fragment AdminArticleRow on Article {
    ...ArticleFields
    status
  }
  ${ARTICLE_FIELDS}
`;

/** The answer of the article result mutations (ArticleResult): the article as a row, or the refusal. */
const ADMIN_ARTICLE_RESULT = gql`
  fragment AdminArticleResult on ArticleResult {
    article {
      ...AdminArticleRow
    }
    error {
      ...UserErrorFields
    }
  }
  ${ADMIN_ARTICLE_ROW}
  ${USER_ERROR_FIELDS}
`;

/** The list's one query: every article, drafts included, newest first, searched (null: all). */
export const ADMIN_ARTICLES_PAGE: TypedDocumentNode<AdminArticlesPageQuery, AdminArticlesPageQueryVariables> = gql`
  query AdminArticlesPage($search: String, $status: ArticleStatus, $page: Int!, $pageSize: Int!) {
    adminArticles(filter: { search: $search }, status: $status, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      totalPages
      items {
        ...AdminArticleRow
      }
    }
  }
  ${ADMIN_ARTICLE_ROW}
`;

/** The words the editor warns about (« Paramètres du site »). */
export const ADMIN_HEALTH_CLAIM_WORDS: TypedDocumentNode<AdminHealthClaimWordsQuery, AdminHealthClaimWordsQueryVariables> = gql`
  query AdminHealthClaimWords {
    siteSettings {
      healthClaimWords
    }
  }
`;

/** The editor's query of the article: the row and its body (administrators also get drafts). */
export const ADMIN_ARTICLE_EDITOR: TypedDocumentNode<AdminArticleEditorQuery, AdminArticleEditorQueryVariables> = gql`
  query AdminArticleEditor($id: ID!) {
    article(id: $id) {
      ...AdminArticleRow
      bodyHtml
    }
  }
  ${ADMIN_ARTICLE_ROW}
`;

export const CREATE_ARTICLE: TypedDocumentNode<CreateArticleMutation, CreateArticleMutationVariables> = gql`
  mutation CreateArticle($input: CreateArticleInput!) {
    createArticle(input: $input) {
      ...AdminArticleResult
    }
  }
  ${ADMIN_ARTICLE_RESULT}
`;

export const UPDATE_ARTICLE: TypedDocumentNode<UpdateArticleMutation, UpdateArticleMutationVariables> = gql`
  mutation UpdateArticle($id: ID!, $input: UpdateArticleInput!) {
    updateArticle(id: $id, input: $input) {
      ...AdminArticleResult
      article {
        bodyHtml
      }
    }
  }
  ${ADMIN_ARTICLE_RESULT}
`;

export const PUBLISH_ARTICLE: TypedDocumentNode<PublishArticleMutation, PublishArticleMutationVariables> = gql`
  mutation PublishArticle($id: ID!) {
    publishArticle(id: $id) {
      ...AdminArticleResult
    }
  }
  ${ADMIN_ARTICLE_RESULT}
`;

export const UNPUBLISH_ARTICLE: TypedDocumentNode<UnpublishArticleMutation, UnpublishArticleMutationVariables> = gql`
  mutation UnpublishArticle($id: ID!) {
    unpublishArticle(id: $id) {
      ...AdminArticleResult
    }
  }
  ${ADMIN_ARTICLE_RESULT}
`;

export const DELETE_ARTICLE: TypedDocumentNode<DeleteArticleMutation, DeleteArticleMutationVariables> = gql`
  mutation DeleteArticle($id: ID!) {
    deleteArticle(id: $id) {
      ...DeleteResultFields
    }
  }
  ${DELETE_RESULT_FIELDS}
`;
