import { BookOpen, CircleCheck, Download, FileText } from 'lucide-react';
import { paths } from '@/app/route-manifest';
import { PayButtons } from '@/features/commerce/pay-buttons';
import type { PaymentMethod } from '@/features/commerce/types';
import { usePdfDownload } from '@/features/commerce/use-pdf-download';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PdfCard_PdfFragment } from '@/generated/graphql';
import { catalogueText, pdfsText } from '@/i18n/catalogue';
import { checkoutText, dashboardText, pdfPurchaseText } from '@/i18n/commerce';
import { formatCount } from '@/lib/format/number';
import { formatCents, typeset } from '@/lib/format/catalogue';
import { CatalogueCardSkeleton, SkeletonLines } from '@/components/content/card-skeleton';
import { GRID_CARD_SIZES, MediaImage } from '@/components/content/media-image';
import { ShareButtons } from '@/components/content/share-buttons';
import { RatingSummary } from '@/components/content/rating-summary';

export type PdfCardPdf = PdfCard_PdfFragment;

/** The card's id, which older share links' fragment (/pdfs#pdf-{id}) points at. */
export function pdfAnchor(id: string): string {
  return `pdf-${id}`;
}

/** `onPay`: a payment button was pressed (the page opens the payment dialog); an owner reads and downloads instead. */
/** `priority`: the list's first card, on screen at once. */
export function PdfCard({ pdf, onPay, priority = false }: { pdf: PdfCardPdf; onPay(method: PaymentMethod): void; priority?: boolean }) {
  const anchor = pdfAnchor(pdf.id);
  return (
    <Card id={anchor} className="flex w-full scroll-mt-20 flex-col overflow-hidden target:ring-2 target:ring-primary" data-testid="pdf-card">
      <div className="relative">
        <MediaImage
          src={pdf.illustrationUrl}
          width={800}
          height={450}
          sizes={GRID_CARD_SIZES}
          priority={priority}
          fallback={<FileText className="size-10" />}
        />
        <Badge variant="accent" className="absolute top-2 left-2 bg-card/95">
          {pdf.categoryLabel}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold">{typeset(pdf.title)}</h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{typeset(pdf.description)}</p>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {pdf.pageCount !== null && (
            <li className="flex items-center gap-1">
              <FileText className="size-3.5" aria-hidden="true" />
              {pdfsText.pages(pdf.pageCount)}
            </li>
          )}
          {pdf.ratingCount > 0 && (
            <li>
              <RatingSummary average={pdf.ratingAverage} count={pdf.ratingCount} />
            </li>
          )}
          <li className="flex items-center gap-1">
            <Download className="size-3.5" aria-hidden="true" />
            {pdfsText.downloads(formatCount(pdf.downloadCount), pdf.downloadCount)}
          </li>
        </ul>
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div>
            <p className="text-xl font-bold text-primary tabular-nums">{formatCents(pdf.priceCents)}</p>
            <p className="text-xs text-muted-foreground">{catalogueText.lifetimeAccess}</p>
          </div>
          {/* The guide's own page: its link preview (title, illustration) shows in WhatsApp. */}
          <ShareButtons path={paths.pdf(pdf.id)} title={pdf.title} />
        </div>
        {pdf.purchased ? <OwnedPdfActions pdfId={pdf.id} /> : <PayButtons compact className="mt-2" label={checkoutText.buyWith} onPay={onPay} />}
      </div>
    </Card>
  );
}

/** 'Lire' (in the browser) and 'Télécharger le PDF' (counted) for a guide the customer owns. */
function OwnedPdfActions({ pdfId }: { pdfId: string }) {
  const pdfs = usePdfDownload();
  return (
    <div className="mt-2 flex flex-col gap-2" data-testid="pdf-owned">
      <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-800">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        {pdfPurchaseText.owned}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" disabled={pdfs.busy} onClick={() => void pdfs.read(pdfId)}>
          <BookOpen aria-hidden="true" />
          {dashboardText.read}
        </Button>
        <Button disabled={pdfs.busy} onClick={() => void pdfs.download(pdfId)} data-testid="pdf-download">
          <Download aria-hidden="true" />
          {pdfsText.download}
        </Button>
      </div>
    </div>
  );
}

export function PdfCardSkeleton() {
  return (
    <CatalogueCardSkeleton
      titleEnd="w-1/2"
      details={<SkeletonLines box="h-4" bar="h-3" widths={['w-2/3', 'w-1/3']} />}
      footer={
        <>
          <Skeleton className="mt-2 h-10 w-full" />
          <div className="flex h-4 items-center justify-center">
            <Skeleton className="h-3 w-24" />
          </div>
        </>
      }
    />
  );
}
