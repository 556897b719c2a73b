import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ItemReviewsQuery, ItemReviewsQueryVariables, MyReviewQuery, MyReviewQueryVariables, ReviewItemMutation, ReviewItemMutationVariables } from '@/generated/graphql';

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

/** An item's figures and visible reviews (a video's or a guide's: one of the two is asked). */
export const ITEM_REVIEWS_QUERY: TypedDocumentNode<ItemReviewsQuery, ItemReviewsQueryVariables> = gql`
  query ItemReviews($id: ID!, $video: Boolean!, $first: Int) {
    video(id: $id) @include(if: $video) {
      id
      ratingAverage
      ratingCount
      reviews(first: $first) {
        items {
          ...ReviewListItem_review
        }
        hasNextPage
      }
    }
    pdf(id: $id) @skip(if: $video) {
      id
      rating
      ratingAverage
      ratingCount
      reviews(first: $first) {
        items {
          ...ReviewListItem_review
        }
        hasNextPage
      }
    }
  }
  ${REVIEW_FIELDS}
`;

export const MY_REVIEW_QUERY: TypedDocumentNode<MyReviewQuery, MyReviewQueryVariables> = gql`
  query MyReview($itemId: ID!) {
    myReview(itemId: $itemId) {
      id
      rating
      text
      hidden
      hiddenReason
    }
  }
`;

export const REVIEW_ITEM_MUTATION: TypedDocumentNode<ReviewItemMutation, ReviewItemMutationVariables> = gql`
  mutation ReviewItem($input: ReviewItemInput!) {
    reviewItem(input: $input) {
      review {
        id
        rating
        text
        hidden
        hiddenReason
      }
      error {
        code
        message
        field
        title
      }
    }
  }
`;

export type ReviewListItem = NonNullable<ItemReviewsQuery['video']>['reviews']['items'][number];
