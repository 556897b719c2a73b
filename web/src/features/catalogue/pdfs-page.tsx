import { useApolloQuery } from '@/data/hooks';
import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { itemPath } from '@/features/commerce/types';
import { useCheckout } from '@/features/commerce/use-checkout';
import { Button } from '@/components/ui/button';
import { usePage } from '@/hooks/use-page';
import { pdfsText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { PageHero } from '../../components/layout/page-hero';
import { EmptyState } from '../../components/states/empty-state';
import { LoadError } from '../../components/states/load-error';
import { Pagination } from '../../components/ui/pagination';
import { PdfCard, PdfCardSkeleton } from './components/pdf-card';
import { useUrlParams } from '../../hooks/use-url-params';
import { PDFS_PAGE_QUERY } from './operations/pdfs';
import { PAGE_SIZE, parsePage } from '../../lib/catalogue-types';

/** The PDF guides: hero, grid of guides (12 a page), and a call to contact us. */
export default function PdfsPage() {
  usePage(fr.pages.pdfs, { meta: { description: pdfsText.lead, canonicalPath: paths.pdfs() } });
  const { params, searchFor } = useUrlParams();
  const page = parsePage(params.get('page'));
  const { hash } = useLocation();
  const { data, previousData, loading, error, refetch } = useApolloQuery(PDFS_PAGE_QUERY, {
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: fetchPolicies.catalogue,
  });
  const result = (data ?? previousData)?.pdfs;
  const checkout = useCheckout();

  // A shared link (/pdfs#pdf-{id}) points at a card that exists only once the list has loaded.
  const ready = Boolean(data);
  useEffect(() => {
    if (!ready || !hash.startsWith('#pdf-')) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [ready, hash]);

  return (
    <>
      <PageHero eyebrow={pdfsText.eyebrow} title={pdfsText.title} lead={pdfsText.lead} />

      <div className="container-page flex flex-col gap-6 py-8 sm:py-12">
        {error ? (
          <LoadError onRetry={() => void refetch()} />
        ) : !result ? (
          <div aria-busy="true">
            <p role="status" className="sr-only">
              {pdfsText.loading}
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <PdfCardSkeleton />
                </li>
              ))}
            </ul>
          </div>
        ) : result.items.length === 0 ? (
          <EmptyState title={pdfsText.empty} />
        ) : (
          <ul
            className={cn('grid gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3', loading && 'opacity-60')}
            aria-busy={loading}
            data-testid="pdf-list"
          >
            {result.items.map((pdf, index) => (
              <li key={pdf.id} className="flex">
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
              </li>
            ))}
          </ul>
        )}
        {result && !error && (
          <Pagination page={result.page} totalPages={result.totalPages} search={(n) => searchFor({ page: String(n) })} />
        )}
      </div>
      {checkout.dialog}

      <section aria-labelledby="pdfs-cta" className="bg-primary text-primary-foreground">
        <div className="container-page flex flex-col items-center gap-4 py-12 text-center">
          <h2 id="pdfs-cta" className="text-2xl font-bold">
            {pdfsText.ctaTitle}
          </h2>
          <p className="max-w-xl opacity-90">{pdfsText.ctaText}</p>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.contact()}>
              <Mail aria-hidden="true" />
              {pdfsText.ctaButton}
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
