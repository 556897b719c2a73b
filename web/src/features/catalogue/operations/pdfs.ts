import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PdfsPageQuery, PdfsPageQueryVariables } from '@/generated/graphql';
import { PDF_CARD_FRAGMENT } from '../components/pdf-card';

export const PDFS_PAGE_QUERY: TypedDocumentNode<PdfsPageQuery, PdfsPageQueryVariables> = gql`
  query PdfsPage($page: Int, $pageSize: Int) {
    pdfs(page: $page, pageSize: $pageSize) {
      items {
        ...PdfCard_pdf
      }
      total
      page
      pageSize
      totalPages
    }
  }
  ${PDF_CARD_FRAGMENT}
`;
