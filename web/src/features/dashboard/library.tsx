import { BookOpen, Clock, Download, FileText, Film, PackageOpen, PlayCircle, ShoppingBag, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { formatAmount, type Currency } from '@/features/commerce/currency';
import { PayButtons } from '@/features/commerce/pay-buttons';
import type { CheckoutItem, PaymentMethod } from '@/features/commerce/types';
import { itemPath } from '@/features/commerce/types';
import { usePdfDownload } from '@/features/commerce/use-pdf-download';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { checkoutText, dashboardText as t, priceFrom } from '@/i18n/commerce';
import { formatDuration } from '@/lib/format/duration';
import { formatCount } from '@/lib/format/number';
import { GRID_CARD_SIZES, MediaImage } from '../../components/content/media-image';
import { typeset } from '../../lib/format/catalogue';
import type { DashboardPdf, DashboardVideo } from './operations';

export interface LibraryData {
  availableVideos: { items: DashboardVideo[]; total: number };
  purchasedVideos: { items: DashboardVideo[]; total: number };
  availablePdfs: { items: DashboardPdf[]; total: number };
  purchasedPdfs: { items: DashboardPdf[]; total: number };
}

interface Money {
  currency: Currency;
  rate: number;
}

function price(cents: number, money: Money): string {
  return formatAmount({ usdCents: cents }, money.currency, money.rate);
}

/** The price an item of the list costs ("$3.59"), or "dès $1.00" when they differ; null for an empty list. */
function unitPrice(items: { priceCents: number }[], money: Money): string | null {
  if (items.length === 0) return null;
  const cents = items.map((i) => i.priceCents);
  const min = Math.min(...cents);
  return cents.every((c) => c === min) ? price(min, money) : priceFrom(price(min, money));
}

function Counter({ icon, value, label, note, testId }: { icon: ReactNode; value: number; label: string; note: string | null; testId: string }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="text-primary [&_svg]:size-5">{icon}</span>
      </div>
      <p className="text-3xl font-bold tabular-nums" data-testid={`${testId}-value`}>
        {formatCount(value)}
      </p>
      {note && (
        <p className="text-xs text-muted-foreground" data-testid={`${testId}-note`}>
          {note}
        </p>
      )}
    </Card>
  );
}

/** The four counters of the spec: bought and available, videos and PDFs. */
export function LibraryCounters({ data, money }: { data: LibraryData; money: Money }) {
  const allVideos = [...data.availableVideos.items, ...data.purchasedVideos.items];
  const allPdfs = [...data.availablePdfs.items, ...data.purchasedPdfs.items];
  const videoPrice = unitPrice(data.availableVideos.items.length ? data.availableVideos.items : allVideos, money);
  const pdfPrice = unitPrice(data.availablePdfs.items.length ? data.availablePdfs.items : allPdfs, money);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-counters">
      <Counter
        icon={<Video aria-hidden="true" />}
        value={data.purchasedVideos.total}
        label={t.counters.videosBought}
        note={t.counters.videosBoughtNote}
        testId="counter-videos-bought"
      />
      <Counter
        icon={<BookOpen aria-hidden="true" />}
        value={data.purchasedPdfs.total}
        label={t.counters.pdfsBought}
        note={t.counters.pdfsBoughtNote}
        testId="counter-pdfs-bought"
      />
      <Counter
        icon={<ShoppingBag aria-hidden="true" />}
        value={data.availableVideos.total}
        label={t.counters.videosAvailable}
        note={videoPrice && t.counters.videosAvailableNote(videoPrice)}
        testId="counter-videos-available"
      />
      <Counter
        icon={<FileText aria-hidden="true" />}
        value={data.availablePdfs.total}
        label={t.counters.pdfsAvailable}
        note={pdfPrice && t.counters.pdfsAvailableNote(pdfPrice)}
        testId="counter-pdfs-available"
      />
    </div>
  );
}

function Section({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid={id}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold">
        {title}
        <Badge variant="accent" className="tabular-nums">
          {count}
        </Badge>
      </h2>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
      <PackageOpen className="size-8" aria-hidden="true" />
      <p className="font-medium text-foreground">{t.empty}</p>
      <p className="text-sm">{text}</p>
    </div>
  );
}

function ItemCard({
  image,
  title,
  meta,
  priceText,
  testId,
  itemId,
  children,
}: {
  image: ReactNode;
  title: string;
  meta: ReactNode;
  priceText: string | null;
  testId: string;
  itemId: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid={testId} data-item-id={itemId}>
      {image}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-base leading-snug font-semibold" data-testid="item-title">
          {typeset(title)}
        </h3>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">{meta}</div>
        {priceText && (
          <p className="text-lg font-bold text-primary tabular-nums" data-testid="item-price">
            {priceText}
          </p>
        )}
        <div className="mt-auto pt-2">{children}</div>
      </div>
    </Card>
  );
}

function videoItem(video: DashboardVideo): CheckoutItem {
  return { id: video.id, type: 'VIDEO', title: video.title, priceCents: video.priceCents, purchased: video.purchased, path: paths.dashboard() };
}

function pdfItem(pdf: DashboardPdf): CheckoutItem {
  return { id: pdf.id, type: 'PDF', title: pdf.title, priceCents: pdf.priceCents, purchased: pdf.purchased, path: paths.dashboard() };
}

function VideoImage({ video }: { video: DashboardVideo }) {
  return <MediaImage src={video.thumbnailUrl} width={640} height={360} sizes={GRID_CARD_SIZES} fallback={<Film className="size-8" />} />;
}

function PdfImage({ pdf }: { pdf: DashboardPdf }) {
  return <MediaImage src={pdf.illustrationUrl} width={800} height={450} sizes={GRID_CARD_SIZES} fallback={<FileText className="size-8" />} />;
}

function VideoMeta({ video }: { video: DashboardVideo }) {
  return (
    <>
      <span>{video.categoryLabel}</span>
      {video.durationSeconds !== null && (
        <span className="flex items-center gap-1 tabular-nums">
          <Clock className="size-3.5" aria-hidden="true" />
          {formatDuration(video.durationSeconds)}
        </span>
      )}
    </>
  );
}

function PdfMeta({ pdf }: { pdf: DashboardPdf }) {
  return (
    <>
      <span>{pdf.categoryLabel}</span>
      {pdf.pageCount !== null && <span>{t.pages(pdf.pageCount)}</span>}
    </>
  );
}

/** A purchased video's progress bar, and 'Reprendre' where the viewer stopped (else 'Regarder'). */
function WatchButton({ video }: { video: DashboardVideo }) {
  const progress = video.watchProgress;
  const resume = progress !== null && !progress.completed && progress.positionSeconds > 0;
  return (
    <div className="flex flex-col gap-3">
      {progress && (
        <div
          role="progressbar"
          aria-label={t.watched(progress.percent)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          data-testid="watch-progress"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, Math.max(0, progress.percent))}%` }} />
        </div>
      )}
      <Button asChild className="w-full">
        {/* The spec opens a purchased video in a new tab. */}
        <Link to={itemPath('VIDEO', video.id)} target="_blank" rel="noopener" data-testid="watch-link">
          <PlayCircle aria-hidden="true" />
          {resume ? t.resume : t.watch}
        </Link>
      </Button>
    </div>
  );
}

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** The four sections: videos and PDFs to buy (payment buttons), then the customer's own. */
export function LibrarySections({
  data,
  money,
  onPay,
}: {
  data: LibraryData;
  money: Money;
  onPay(item: CheckoutItem, method: PaymentMethod): void;
}) {
  const pdfs = usePdfDownload();
  return (
    <div className="flex flex-col gap-10">
      <Section id="available-videos" title={t.sections.availableVideos} count={data.availableVideos.total}>
        {data.availableVideos.items.length === 0 ? (
          <Empty text={t.emptyVideos} />
        ) : (
          <ul className={GRID}>
            {data.availableVideos.items.map((video) => (
              <li key={video.id} className="flex">
                <ItemCard
                  image={<VideoImage video={video} />}
                  title={video.title}
                  meta={<VideoMeta video={video} />}
                  priceText={price(video.priceCents, money)}
                  testId="available-video"
                  itemId={video.id}
                >
                  <PayButtons compact label={checkoutText.buyWith} testIdPrefix="buy" onPay={(method) => onPay(videoItem(video), method)} />
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="available-pdfs" title={t.sections.availablePdfs} count={data.availablePdfs.total}>
        {data.availablePdfs.items.length === 0 ? (
          <Empty text={t.emptyPdfs} />
        ) : (
          <ul className={GRID}>
            {data.availablePdfs.items.map((pdf) => (
              <li key={pdf.id} className="flex">
                <ItemCard
                  image={<PdfImage pdf={pdf} />}
                  title={pdf.title}
                  meta={<PdfMeta pdf={pdf} />}
                  priceText={price(pdf.priceCents, money)}
                  testId="available-pdf"
                  itemId={pdf.id}
                >
                  <PayButtons compact label={checkoutText.buyWith} testIdPrefix="buy" onPay={(method) => onPay(pdfItem(pdf), method)} />
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="purchased-videos" title={t.sections.purchasedVideos} count={data.purchasedVideos.total}>
        {data.purchasedVideos.items.length === 0 ? (
          <Empty text={t.noPurchasedVideos} />
        ) : (
          <ul className={GRID}>
            {data.purchasedVideos.items.map((video) => (
              <li key={video.id} className="flex">
                <ItemCard
                  image={<VideoImage video={video} />}
                  title={video.title}
                  meta={<VideoMeta video={video} />}
                  priceText={null}
                  testId="purchased-video"
                  itemId={video.id}
                >
                  <WatchButton video={video} />
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="purchased-pdfs" title={t.sections.purchasedPdfs} count={data.purchasedPdfs.total}>
        {data.purchasedPdfs.items.length === 0 ? (
          <Empty text={t.noPurchasedPdfs} />
        ) : (
          <ul className={GRID}>
            {data.purchasedPdfs.items.map((pdf) => (
              <li key={pdf.id} className="flex">
                <ItemCard
                  image={<PdfImage pdf={pdf} />}
                  title={pdf.title}
                  meta={<PdfMeta pdf={pdf} />}
                  priceText={null}
                  testId="purchased-pdf"
                  itemId={pdf.id}
                >
                  <div className="grid grid-cols-2 gap-2">
                    <Button variant="outline" disabled={pdfs.busy} onClick={() => void pdfs.read(pdf.id)} data-testid="pdf-read">
                      <BookOpen aria-hidden="true" />
                      {t.read}
                    </Button>
                    <Button disabled={pdfs.busy} onClick={() => void pdfs.download(pdf.id)} data-testid="pdf-download">
                      <Download aria-hidden="true" />
                      {t.download}
                    </Button>
                  </div>
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
