import { PageSpinner } from '@/components/ui/spinner';
import { useApolloQuery } from '@/data/hooks';
import { myDataText as t } from '@/i18n/my-data';
import { LoadError } from '../../../components/states/load-error';
import { DataExportSection } from '../data-export/data-export-section';
import { ConsentsSection } from './consents-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { SectionHeading } from '../section-heading';
import MY_DATA_QUERY from './graphql/my-data.query.graphql';

/**
 * The dashboard's « Mes données » tab (/dashboard/donnees): what LBF holds about the person, the
 * consents they gave (the health-data one withdrawable), their signed-in devices, and « Exporter mes
 * données » (the deletion is the dashboard's « Supprimer mon compte », below the tabs). identity answers the person themself only.
 */
export function MyDataTab() {
  const query = useApolloQuery(MY_DATA_QUERY, { fetchPolicy: 'cache-and-network' });
  const me = query.data?.me;
  return (
    <section aria-labelledby="my-data-title" className="flex flex-col gap-8" data-testid="my-data">
      <SectionHeading id="my-data-title" title={t.title} intro={t.intro} />
      {me ? (
        <>
          <ProfileSection me={me} />
          <ConsentsSection me={me} />
          <SessionsSection me={me} />
          <DataExportSection />
        </>
      ) : query.error ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <PageSpinner label={t.loading} />
      )}
    </section>
  );
}
