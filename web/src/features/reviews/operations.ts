import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ItemReviewsQuery, ItemReviewsQueryVariables, MyReviewQuery, MyReviewQueryVariables, ReviewItemMutation, ReviewItemMutationVariables } from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

const REVIEW_FIELDS = gql`
  fragment ReviewListItem_review on Review {
    id
    rating
    text
    reviewerName
    createdAt
    edited
  }
`;

/** A page of an item's visible reviews (a video's or a guide's). */
const REVIEW_LIST_PAGE = gql`
  fragment ReviewListPage on ReviewConnection {
    items {
      ...ReviewListItem_review
    }
    hasNextPage
  }
  ${REVIEW_FIELDS}
`;

/** An item's figures and visible reviews (a video's or a guide's: one of the two is asked). */
export const ITEM_REVIEWS_QUERY: TypedDocumentNode<ItemReviewsQuery, ItemReviewsQueryVariables> = gql`
  query ItemReviews($id: ID!, $video: Boolean!, $first: Int) {
    video(id: $id) @include(if: $video) {
      id
      ratingAverage
      ratingCount
      reviews(first: $first) {
        ...ReviewListPage
      }
    }
    pdf(id: $id) @skip(if: $video) {
      id
      rating
      ratingAverage
      ratingCount
      reviews(first: $first) {
        ...ReviewListPage
      }
    }
  }
  ${REVIEW_LIST_PAGE}
`;

/** The signed-in customer's own review of an item, as the review form shows it (hidden: why). */
const MY_REVIEW_FIELDS = gql`
  fragment MyReviewFields on Review {
    id
    rating
    text
    hidden
    hiddenReason
  }
`;

export const MY_REVIEW_QUERY: TypedDocumentNode<MyReviewQuery, MyReviewQueryVariables> = gql`
  query MyReview($itemId: ID!) {
    myReview(itemId: $itemId) {
      ...MyReviewFields
    }
  }
  ${MY_REVIEW_FIELDS}
`;

export const REVIEW_ITEM_MUTATION: TypedDocumentNode<ReviewItemMutation, ReviewItemMutationVariables> = gql`
  mutation ReviewItem($input: ReviewItemInput!) {
    reviewItem(input: $input) {
      review {
        ...MyReviewFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${MY_REVIEW_FIELDS}
  ${USER_ERROR_FIELDS}
`;

export type ReviewListItem = NonNullable<ItemReviewsQuery['video']>['reviews']['items'][number];
