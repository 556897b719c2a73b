import { useApolloQuery } from '@/data/hooks';
import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { itemPath } from '@/features/commerce/types';
import { useCheckout } from '@/features/commerce/use-checkout';
import { usePage } from '@/hooks/use-page';
import { pdfsText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { ClosingBand, PageHero } from '../../components/layout/page-hero';
import { EmptyState } from '../../components/states/empty-state';
import { PagedResults, pagedState } from '../../components/states/paged-results';
import { useListParams } from '../../components/states/use-list-params';
import { PdfCard, PdfCardSkeleton } from './components/pdf-card';
import { PAGE_SIZE } from '../../lib/catalogue-types';
import { LinkButton } from '@/components/ui/link-button';
import PDFS_PAGE_QUERY from './operations/pdfs-page.query.graphql';

/** A shared link (/pdfs#pdf-{id}) points at a card that exists only once the list has loaded (`ready`). */
function useScrollToSharedCard(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash.startsWith('#pdf-')) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [ready, hash]);
}

/** The PDF guides: hero, grid of guides (12 a page), and a call to contact us. */
export default function PdfsPage() {
  usePage(fr.pages.pdfs, { meta: { description: pdfsText.lead, canonicalPath: paths.pdfs() } });
  const { page, pageSearch } = useListParams();
  const query = useApolloQuery(PDFS_PAGE_QUERY, {
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: fetchPolicies.catalogue,
  });
  const checkout = useCheckout();
  useScrollToSharedCard(Boolean(query.data));

  return (
    <>
      <PageHero eyebrow={pdfsText.eyebrow} title={pdfsText.title} lead={pdfsText.lead} />

      <div className="container-page flex flex-col gap-6 py-8 sm:py-12">
        <PagedResults
          {...pagedState(query, (answer) => answer.pdfs)}
          grid={{ columns: 'sm:grid-cols-2 lg:grid-cols-3', testId: 'pdf-list', skeleton: <PdfCardSkeleton />, skeletons: 6, loadingLabel: pdfsText.loading }}
          empty={<EmptyState title={pdfsText.empty} />}
          pageSearch={pageSearch}
        >
          {(pdf, index) => (
            <PdfCard
              pdf={pdf}
              priority={index === 0}
              onPay={(method) =>
                checkout.pay(
                  { id: pdf.id, type: 'PDF', title: pdf.title, priceCents: pdf.priceCents, purchased: pdf.purchased, path: itemPath('PDF', pdf.id) },
                  method,
                )
              }
            />
          )}
        </PagedResults>
      </div>
      {checkout.dialog}

      <ClosingBand id="pdfs-cta" title={pdfsText.ctaTitle} text={pdfsText.ctaText} tone="primary">
        <LinkButton to={paths.contact()} icon={<Mail aria-hidden="true" />} size="lg" variant="secondary">
          {pdfsText.ctaButton}
        </LinkButton>
      </ClosingBand>
    </>
  );
}
