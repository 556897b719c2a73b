import { gql, type TypedDocumentNode } from '@apollo/client';
import { DOWNLOAD_RESULT_FIELDS } from '@/features/commerce/operations';
import type {
  AdminPdfRowFragment,
  AdminPdfsPageQuery,
  AdminPdfsPageQueryVariables,
  CreatePdfMutation,
  CreatePdfMutationVariables,
  DeletePdfMutation,
  DeletePdfMutationVariables,
  DownloadPdfMutation,
  DownloadPdfMutationVariables,
  ExportPdfsCsvQuery,
  ExportPdfsCsvQueryVariables,
  UpdatePdfMutation,
  UpdatePdfMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';
import { DELETE_RESULT_FIELDS } from '../api/catalogue';

export type AdminPdf = AdminPdfRowFragment;

export const PAGE_SIZE = 20;

const ADMIN_PDF_ROW = gql`
  fragment AdminPdfRow on Pdf {
    id
    title
    description
    category
    categoryLabel
    priceCents
    fileSize
    pageCount
    illustrationUrl
    downloadCount
    createdAt
    author
    reviewer
    contentUpdatedOn
  }
`;

/** The answer of the pdf result mutations (PdfResult): the pdf as a row, or the refusal. */
const ADMIN_PDF_RESULT = gql`
  fragment AdminPdfResult on PdfResult {
    pdf {
      ...AdminPdfRow
    }
    error {
      ...UserErrorFields
    }
  }
  ${ADMIN_PDF_ROW}
  ${USER_ERROR_FIELDS}
`;

/** The screen's one query: a page of PDFs, newest first, searched (null: all), and the upload size limits. */
export const ADMIN_PDFS_PAGE: TypedDocumentNode<AdminPdfsPageQuery, AdminPdfsPageQueryVariables> = gql`
  query AdminPdfsPage($search: String, $page: Int!, $pageSize: Int!) {
    pdfs(filter: { search: $search }, sort: NEWEST, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      totalPages
      items {
        ...AdminPdfRow
      }
    }
    uploadLimits {
      pdfBytes
      imageBytes
    }
  }
  ${ADMIN_PDF_ROW}
`;

export const EXPORT_PDFS_CSV: TypedDocumentNode<ExportPdfsCsvQuery, ExportPdfsCsvQueryVariables> = gql`
  query ExportPdfsCsv {
    exportPdfsCsv
  }
`;

export const CREATE_PDF: TypedDocumentNode<CreatePdfMutation, CreatePdfMutationVariables> = gql`
  mutation CreatePdf($input: CreatePdfInput!) {
    createPdf(input: $input) {
      ...AdminPdfResult
    }
  }
  ${ADMIN_PDF_RESULT}
`;

export const UPDATE_PDF: TypedDocumentNode<UpdatePdfMutation, UpdatePdfMutationVariables> = gql`
  mutation UpdatePdf($id: ID!, $input: UpdatePdfInput!) {
    updatePdf(id: $id, input: $input) {
      ...AdminPdfResult
    }
  }
  ${ADMIN_PDF_RESULT}
`;

export const DELETE_PDF: TypedDocumentNode<DeletePdfMutation, DeletePdfMutationVariables> = gql`
  mutation DeletePdf($id: ID!) {
    deletePdf(id: $id) {
      ...DeleteResultFields
    }
  }
  ${DELETE_RESULT_FIELDS}
`;

/** Signed, short-lived; counts the download (spec §4: opens the file then increments download_count). */
export const DOWNLOAD_PDF: TypedDocumentNode<DownloadPdfMutation, DownloadPdfMutationVariables> = gql`
  mutation DownloadPdf($id: ID!) {
    downloadPdf(id: $id) {
      ...DownloadResultFields
    }
  }
  ${DOWNLOAD_RESULT_FIELDS}
`;
