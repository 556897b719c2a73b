import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { PackageOpen } from 'lucide-react';
import { fetchPolicies } from '@/apollo/client';
import { useAuth } from '@/auth/auth-context';
import { Card } from '@/components/ui/card';
import type { DashboardPageQuery, DashboardPageQueryVariables } from '@/generated/graphql';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';

export const DASHBOARD_PAGE_QUERY: TypedDocumentNode<DashboardPageQuery, DashboardPageQueryVariables> = gql`
  query DashboardPage {
    me {
      id
      firstName
    }
  }
`;

/**
 * Customer area shell. Purchases and the catalogue arrive with the catalogue and commerce
 * services; until then no counter or list is shown rather than made-up numbers.
 */
export default function DashboardPage() {
  usePage(fr.dashboard.documentTitle);
  const { user } = useAuth();
  const { data } = useQuery(DASHBOARD_PAGE_QUERY, { fetchPolicy: fetchPolicies.me });
  const firstName = data?.me?.firstName ?? user?.firstName ?? '';

  return (
    <section className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">{fr.dashboard.title}</h1>
      <p className="mt-2 text-lg" data-testid="dashboard-greeting">
        {fr.dashboard.greeting(firstName)}
      </p>
      <p className="text-muted-foreground">{fr.dashboard.intro}</p>
      <Card className="mt-8 flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
        <PackageOpen className="size-10" aria-hidden="true" />
        <p className="text-base font-medium">{fr.dashboard.empty}</p>
      </Card>
    </section>
  );
}
