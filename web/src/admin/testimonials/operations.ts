import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminTestimonialRowFragment,
  AdminTestimonialsPageQuery,
  AdminTestimonialsPageQueryVariables,
  CreateTestimonialMutation,
  CreateTestimonialMutationVariables,
  DeleteTestimonialMutation,
  DeleteTestimonialMutationVariables,
  UpdateTestimonialMutation,
  UpdateTestimonialMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';
import { DELETE_RESULT_FIELDS } from '../api/catalogue';

export type AdminTestimonial = AdminTestimonialRowFragment;

const ADMIN_TESTIMONIAL_ROW = gql`
  fragment AdminTestimonialRow on Testimonial {
    id
    name
    location
    content
    rating
    videoTitle
    isActive
    createdAt
  }
`;

/** The answer of the testimonial result mutations (TestimonialResult): the testimonial as a row, or the refusal. */
const ADMIN_TESTIMONIAL_RESULT = gql`
  fragment AdminTestimonialResult on TestimonialResult {
    testimonial {
      ...AdminTestimonialRow
    }
    error {
      ...UserErrorFields
    }
  }
  ${ADMIN_TESTIMONIAL_ROW}
  ${USER_ERROR_FIELDS}
`;

/** The screen's one query: every testimonial, active or not, newest first. */
export const ADMIN_TESTIMONIALS_PAGE: TypedDocumentNode<AdminTestimonialsPageQuery, AdminTestimonialsPageQueryVariables> = gql`
  query AdminTestimonialsPage {
    adminTestimonials {
      ...AdminTestimonialRow
    }
  }
  ${ADMIN_TESTIMONIAL_ROW}
`;

export const CREATE_TESTIMONIAL: TypedDocumentNode<CreateTestimonialMutation, CreateTestimonialMutationVariables> = gql`
  mutation CreateTestimonial($input: CreateTestimonialInput!) {
    createTestimonial(input: $input) {
      ...AdminTestimonialResult
    }
  }
  ${ADMIN_TESTIMONIAL_RESULT}
`;

export const UPDATE_TESTIMONIAL: TypedDocumentNode<UpdateTestimonialMutation, UpdateTestimonialMutationVariables> = gql`
  mutation UpdateTestimonial($id: ID!, $input: UpdateTestimonialInput!) {
    updateTestimonial(id: $id, input: $input) {
      ...AdminTestimonialResult
    }
  }
  ${ADMIN_TESTIMONIAL_RESULT}
`;

export const DELETE_TESTIMONIAL: TypedDocumentNode<DeleteTestimonialMutation, DeleteTestimonialMutationVariables> = gql`
  mutation DeleteTestimonial($id: ID!) {
    deleteTestimonial(id: $id) {
      ...DeleteResultFields
    }
  }
  ${DELETE_RESULT_FIELDS}
`;
