import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as G from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type AdminReview = G.AdminReviewFieldsFragment;
export type AdminReviews = G.AdminReviewsPageQuery['adminReviews'];

export const REVIEWS_PAGE_SIZE = 20;

const REVIEW_FIELDS = gql`
  fragment AdminReviewFields on Review {
    id
    itemId
    itemType
    itemTitle
    rating
    text
    reviewerName
    createdAt
    edited
    hidden
    hiddenReason
    hiddenAt
  }
`;

export const ADMIN_REVIEWS_PAGE: TypedDocumentNode<G.AdminReviewsPageQuery, G.AdminReviewsPageQueryVariables> = gql`
  query AdminReviewsPage($filter: AdminReviewFilter, $page: Int, $pageSize: Int) {
    adminReviews(filter: $filter, page: $page, pageSize: $pageSize) {
      items {
        ...AdminReviewFields
      }
      total
      page
      pageSize
      totalPages
    }
  }
  ${REVIEW_FIELDS}
`;

/** What hiding and showing again answer: the review as the table shows it, or the refusal. */
const REVIEW_RESULT = gql`
  fragment AdminReviewResult on ReviewResult {
    review {
      ...AdminReviewFields
    }
    error {
      ...UserErrorFields
    }
  }
  ${REVIEW_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export const HIDE_REVIEW: TypedDocumentNode<G.HideReviewMutation, G.HideReviewMutationVariables> = gql`
  mutation HideReview($id: ID!, $reason: String!) {
    hideReview(id: $id, reason: $reason) {
      ...AdminReviewResult
    }
  }
  ${REVIEW_RESULT}
`;

export const UNHIDE_REVIEW: TypedDocumentNode<G.UnhideReviewMutation, G.UnhideReviewMutationVariables> = gql`
  mutation UnhideReview($id: ID!) {
    unhideReview(id: $id) {
      ...AdminReviewResult
    }
  }
  ${REVIEW_RESULT}
`;
