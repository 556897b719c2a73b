import { gql, type TypedDocumentNode } from '@apollo/client';
import { ORDER_SUMMARY_FIELDS } from '@/features/commerce/operations';
import type {
  DashboardLibraryQuery,
  DashboardLibraryQueryVariables,
  MyPurchasesQuery,
  MyPurchasesQueryVariables,
  ReceiptQuery,
  ReceiptQueryVariables,
} from '@/generated/graphql';

export type DashboardVideo = DashboardLibraryQuery['availableVideos']['items'][number];
export type DashboardPdf = DashboardLibraryQuery['availablePdfs']['items'][number];
export type Purchase = NonNullable<NonNullable<MyPurchasesQuery['me']>['purchases']>[number];
export type Receipt = NonNullable<ReceiptQuery['order']>;
/** The seller a receipt names: the site settings (catalogue), read in the same query as the order. */
export type ReceiptSeller = ReceiptQuery['siteSettings'];

/** The catalogue's limit for one page: the dashboard lists every item on one screen. */
export const LIBRARY_PAGE_SIZE = 100;

/*
 * The library (catalogue) and the purchases (commerce) are two queries: if one subgraph is down,
 * what the other serves still shows. The lists are filtered by the server (`purchased`), so a
 * purchase moves an item when they are fetched again.
 */
export const DASHBOARD_LIBRARY_QUERY: TypedDocumentNode<DashboardLibraryQuery, DashboardLibraryQueryVariables> = gql`
  query DashboardLibrary($pageSize: Int!) {
    me {
      id
      firstName
    }
    availableVideos: videos(filter: { purchased: false }, pageSize: $pageSize) {
      ...DashboardVideos
    }
    purchasedVideos: videos(filter: { purchased: true }, pageSize: $pageSize) {
      ...DashboardVideos
    }
    availablePdfs: pdfs(filter: { purchased: false }, pageSize: $pageSize) {
      ...DashboardPdfs
    }
    purchasedPdfs: pdfs(filter: { purchased: true }, pageSize: $pageSize) {
      ...DashboardPdfs
    }
    lessonData: myLessonDataUse {
      month
      bytes
      offlineBytes
    }
  }

  fragment DashboardVideo on Video {
    id
    title
    description
    categoryLabel
    priceCents
    durationSeconds
    thumbnailUrl
    purchased
    watchProgress {
      positionSeconds
      percent
      completed
    }
  }

  fragment DashboardVideos on VideoPage {
    items {
      ...DashboardVideo
    }
    total
  }

  fragment DashboardPdfs on PdfPage {
    items {
      ...DashboardPdf
    }
    total
  }

  fragment DashboardPdf on Pdf {
    id
    title
    description
    categoryLabel
    priceCents
    pageCount
    illustrationUrl
    purchased
  }
`;

export const MY_PURCHASES_QUERY: TypedDocumentNode<MyPurchasesQuery, MyPurchasesQueryVariables> = gql`
  query MyPurchases {
    me {
      id
      purchaseCount
      totalSpent {
        usdCents
        xaf
      }
      purchases {
        ...OrderSummary
        attempt {
          id
          status
          failureMessage
          operatorTransactionId
        }
        completedAt
      }
    }
  }
  ${ORDER_SUMMARY_FIELDS}
`;

export const RECEIPT_QUERY: TypedDocumentNode<ReceiptQuery, ReceiptQueryVariables> = gql`
  query Receipt($id: ID!) {
    order(id: $id) {
      ...OrderSummary
      buyerEmail
      buyerName
      promo {
        code
        listPrice {
          usdCents
          xaf
        }
        discount {
          usdCents
          xaf
        }
      }
      attempts {
        id
        method
        status
        phone
        operatorTransactionId
        settledAt
      }
      completedAt
    }
    siteSettings {
      siteName
      contactEmail
      contactPhone
      legalName
      legalAddress
      taxId
    }
  }
  ${ORDER_SUMMARY_FIELDS}
`;
