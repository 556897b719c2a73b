import { PackageOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '@/app/route-manifest';
import { PayButtons } from '@/features/commerce/pay-buttons';
import type { CheckoutItem, ItemType, PaymentMethod } from '@/features/commerce/types';
import { usePdfDownload } from '@/features/commerce/use-pdf-download';
import { Badge } from '@/components/ui/badge';
import { checkoutText, dashboardText as t } from '@/i18n/commerce';
import { PdfButtons, PdfCard, VideoCard, WatchButton } from './library-cards';
import { price, type Money } from './library-price';
import type { DashboardPdf, DashboardVideo } from './operations';

interface ItemList<T> {
  items: T[];
  total: number;
}

export interface LibraryData {
  availableVideos: ItemList<DashboardVideo>;
  purchasedVideos: ItemList<DashboardVideo>;
  availablePdfs: ItemList<DashboardPdf>;
  purchasedPdfs: ItemList<DashboardPdf>;
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

function checkoutItem(type: ItemType, item: DashboardVideo | DashboardPdf): CheckoutItem {
  return { id: item.id, type, title: item.title, priceCents: item.priceCents, purchased: item.purchased, path: paths.dashboard() };
}

/** The four sections' titles and what each says when it is empty. */
const SECTIONS = {
  'available-videos': { title: t.sections.availableVideos, emptyText: t.emptyVideos },
  'available-pdfs': { title: t.sections.availablePdfs, emptyText: t.emptyPdfs },
  'purchased-videos': { title: t.sections.purchasedVideos, emptyText: t.noPurchasedVideos },
  'purchased-pdfs': { title: t.sections.purchasedPdfs, emptyText: t.noPurchasedPdfs },
};

/** One of the four sections: its title with the count, then its cards in a grid (or what it lacks). */
function Section<T extends { id: string }>({ id, list, card }: { id: keyof typeof SECTIONS; list: ItemList<T>; card(item: T): ReactNode }) {
  const { title, emptyText } = SECTIONS[id];
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid={id}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold">
        {title}
        <Badge variant="accent" className="tabular-nums">
          {list.total}
        </Badge>
      </h2>
      {list.items.length === 0 ? (
        <Empty text={emptyText} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.items.map((item) => (
            <li key={item.id} className="flex">
              {card(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The four sections: videos and PDFs to buy (payment buttons), then the customer's own. */
export function LibrarySections({ data, money, onPay }: { data: LibraryData; money: Money; onPay(item: CheckoutItem, method: PaymentMethod): void }) {
  const pdfs = usePdfDownload();
  // An item for sale: its price, and the payment buttons under it.
  const forSale = (type: ItemType, item: DashboardVideo | DashboardPdf) => ({
    priceText: price(item.priceCents, money),
    children: <PayButtons compact label={checkoutText.buyWith} testIdPrefix="buy" onPay={(method) => onPay(checkoutItem(type, item), method)} />,
  });
  return (
    <div className="flex flex-col gap-10">
      <Section id="available-videos" list={data.availableVideos} card={(video) => <VideoCard video={video} testId="available-video" {...forSale('VIDEO', video)} />} />
      <Section id="available-pdfs" list={data.availablePdfs} card={(pdf) => <PdfCard pdf={pdf} testId="available-pdf" {...forSale('PDF', pdf)} />} />
      <Section
        id="purchased-videos"
        list={data.purchasedVideos}
        card={(video) => (
          <VideoCard video={video} priceText={null} testId="purchased-video">
            <WatchButton video={video} />
          </VideoCard>
        )}
      />
      <Section
        id="purchased-pdfs"
        list={data.purchasedPdfs}
        card={(pdf) => (
          <PdfCard pdf={pdf} priceText={null} testId="purchased-pdf">
            <PdfButtons pdf={pdf} pdfs={pdfs} />
          </PdfCard>
        )}
      />
    </div>
  );
}
