import { useApolloQuery } from '@/data/hooks';
import { useParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { useCheckout } from '@/features/commerce/use-checkout';
import { itemPreviewText as t } from '@/i18n/catalogue/item-preview';
import { ItemPage } from '../../components/states/item-page';
import { ContentCredits } from '../../components/content/content-credits';
import { HealthNotice } from '../../components/content/health-notice';
import { PdfCard } from './components/pdf-card';
import { typeset } from '../../lib/format/catalogue';
import { PdfMissing, PreviewSkeleton } from './item-preview';
import { pdfCanonicalPath, usePdfPageMeta } from './item-page-meta';
import { ItemReviews } from '@/features/reviews/item-reviews';
import PDF_DETAIL_QUERY from './operations/pdf-detail-page.query.graphql';

/**
 * A guide's own page (/pdfs/:id) for a signed-in customer: its card (buy, or read and download
 * once owned) and its whole description. Visitors get the public preview (RequireUser).
 */
export default function PdfDetailPage() {
  const { id = '' } = useParams();
  const query = useApolloQuery(PDF_DETAIL_QUERY, { variables: { id }, fetchPolicy: fetchPolicies.catalogue });
  const pdf = query.data?.pdf;
  usePdfPageMeta(id, pdf, Boolean(query.data));
  const checkout = useCheckout();
  return (
    <ItemPage
      back={{ to: paths.pdfs(), label: t.backToPdfs }}
      item={pdf}
      query={query}
      skeleton={<PreviewSkeleton label={t.pdfLoading} />}
      missing={<PdfMissing />}
      after={checkout.dialog}
    >
      {(pdf) => (
        <div className="grid gap-6 md:grid-cols-2 md:items-start md:gap-8">
          <section aria-labelledby="pdf-description" className="flex flex-col gap-3 md:order-2">
            <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl" data-testid="pdf-title">
              {typeset(pdf.title)}
            </h1>
            <ContentCredits credits={pdf} />
            <HealthNotice className="my-2" />
            <h2 id="pdf-description" className="text-lg font-bold">
              {t.descriptionTitle}
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{typeset(pdf.description)}</p>
          </section>
          <div className="md:order-3 md:col-span-2">
            <ItemReviews itemId={pdf.id} kind="pdf" owned={pdf.purchased} />
          </div>
          <div className="flex md:order-1">
            <PdfCard
              pdf={pdf}
              onPay={(method) =>
                checkout.pay({ id: pdf.id, type: 'PDF', title: pdf.title, priceCents: pdf.priceCents, purchased: pdf.purchased, path: pdfCanonicalPath(pdf.id) }, method)
              }
            />
          </div>
        </div>
      )}
    </ItemPage>
  );
}
