import { lazy, Suspense } from 'react';
import { useApolloQuery } from '@/data/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { useAuth } from '@/auth/auth-context';
import { useCurrency, useExchangeRate } from '@/features/commerce/currency';
import { useCheckout } from '@/features/commerce/use-checkout';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePage } from '@/hooks/use-page';
import { dashboardText } from '@/i18n/commerce';
import { fr } from '@/i18n/fr';
import { myDataText } from '@/i18n/my-data';
import { giftText } from '@/i18n/gifts';
import { LoadError } from '../../components/states/load-error';
import { AccountDeletionSection } from './account-deletion/account-deletion-section';
import { CurrencyToggle } from './currency-toggle';
import { LibrarySections } from './library';
import { LessonDataLine } from './lesson-data-line';
import { LibraryCounters } from './library-counters';
import { MessagesTab } from './messages';
import { MessagesTabLabel } from './messages-tab-label';
import { MyDataTab } from './my-data/my-data-tab';
import { LIBRARY_PAGE_SIZE } from './operations';
import { PurchasesTab } from './purchases';
import DASHBOARD_PAGE_QUERY from './dashboard-page.query.graphql';
import DASHBOARD_LIBRARY_QUERY from './graphql/dashboard-library.query.graphql';

// « Mes téléchargements » reads this device's storage: its own chunk.
const MyDownloads = lazy(() => import('@/features/offline-lessons/my-downloads'));

type Tab = 'library' | 'purchases' | 'gifts' | 'messages' | 'data';

// « Mes cadeaux »: its own chunk, fetched when the tab opens.
const MyGifts = lazy(() => import('@/features/gifts/my-gifts'));

const TAB_PATHS: Record<Tab, string> = {
  library: paths.dashboard(),
  purchases: paths.dashboard('achats'),
  gifts: paths.dashboard('cadeaux'),
  messages: paths.dashboard('messages'),
  data: paths.dashboard('donnees'),
};

function tabOf(pathname: string): Tab {
  const path = pathname.replace(/\/$/, '');
  if (path.endsWith('/achats')) return 'purchases';
  if (path.endsWith('/cadeaux')) return 'gifts';
  if (path.endsWith('/messages')) return 'messages';
  if (path.endsWith('/donnees')) return 'data';
  return 'library';
}

/** The five tabs: rows of two on a phone, one row from tablet width up. */
function DashboardTabsList() {
  return (
    <TabsList className="h-auto max-w-xl grid-flow-row grid-cols-2 gap-1 sm:h-10 sm:grid-flow-col sm:grid-cols-none">
      <TabsTrigger value="library" className="px-2 sm:px-3">
        {dashboardText.tabs.library}
      </TabsTrigger>
      <TabsTrigger value="purchases" className="px-2 sm:px-3">
        {dashboardText.tabs.purchases}
      </TabsTrigger>
      <TabsTrigger value="gifts" className="px-2 sm:px-3" data-testid="tab-gifts">
        {giftText.tab}
      </TabsTrigger>
      <TabsTrigger value="messages" className="gap-1.5 px-2 sm:px-3">
        <MessagesTabLabel />
      </TabsTrigger>
      <TabsTrigger value="data" className="px-2 sm:px-3">
        {myDataText.tab}
      </TabsTrigger>
    </TabsList>
  );
}

/**
 * The customer area (spec 'Customer dashboard'): four counters, the videos and PDFs to buy and
 * those bought (payment buttons, 'Regarder', 'Lire', 'Télécharger'), a USD/FCFA switch, and the
 * 'Achats' tab (/dashboard/achats) with every order, its receipt and the claim form, « Mes cadeaux »
 * (/dashboard/cadeaux: the gifts I paid for, claimed or not, « Renvoyer »), 'Messages', and
 * « Mes données » (/dashboard/donnees: profile, consents, devices).
 */
export default function DashboardPage() {
  usePage(fr.dashboard.documentTitle, { meta: { noindex: true } });
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.pathname);
  const me = useApolloQuery(DASHBOARD_PAGE_QUERY, { fetchPolicy: fetchPolicies.me });
  const library = useApolloQuery(DASHBOARD_LIBRARY_QUERY, {
    variables: { pageSize: LIBRARY_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [currency, setCurrency] = useCurrency();
  const rate = useExchangeRate();
  const money = { currency, rate };
  const checkout = useCheckout();
  const firstName = me.data?.me?.firstName ?? user?.firstName ?? '';
  const data = library.data;

  return (
    <section className="container-page py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{fr.dashboard.title}</h1>
          <p className="mt-2 text-lg" data-testid="dashboard-greeting">
            {fr.dashboard.greeting(firstName)}
          </p>
          <p className="text-muted-foreground">{fr.dashboard.intro}</p>
        </div>
        <CurrencyToggle value={currency} onChange={setCurrency} />
      </div>

      <Tabs value={tab} onValueChange={(value) => navigate(TAB_PATHS[value as Tab] ?? paths.dashboard())} className="mt-6">
        <DashboardTabsList />
        <TabsContent value="library" className="mt-6 flex flex-col gap-10">
          {data ? (
            <>
              <div className="flex flex-col gap-3">
                <LibraryCounters data={data} money={money} />
                <LessonDataLine use={data.lessonData} />
              </div>
              <LibrarySections data={data} money={money} onPay={checkout.pay} />
              <Suspense fallback={null}>
                <MyDownloads />
              </Suspense>
            </>
          ) : library.error ? (
            <LoadError onRetry={() => void library.refetch()} />
          ) : (
            <PageSpinner label={dashboardText.loading} />
          )}
        </TabsContent>
        <TabsContent value="purchases" className="mt-6">
          <PurchasesTab currency={currency} rate={rate} onPay={checkout.pay} />
        </TabsContent>
        <TabsContent value="gifts" className="mt-6">
          {tab === 'gifts' && (
            <Suspense fallback={<PageSpinner label={giftText.listLoading} />}>
              <MyGifts />
            </Suspense>
          )}
        </TabsContent>
        <TabsContent value="messages" className="mt-6">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="data" className="mt-6">
          <MyDataTab />
        </TabsContent>
      </Tabs>
      <AccountDeletionSection />
      {checkout.dialog}
    </section>
  );
}
