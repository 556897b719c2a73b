import { Card } from '@/components/ui/card';
import { useApolloQuery } from '@/data/hooks';
import { myDataText } from '@/i18n/my-data';
import { formatLongDate } from '@/lib/format/date';
import { type MyData } from './operations';
import MY_DATA_COUNTS_QUERY from './graphql/my-data-counts.query.graphql';

const t = myDataText.profile;

function Row({ term, value }: { term: string; value: string | number | null | undefined }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="break-words font-medium sm:text-right">{value ?? t.none}</dd>
    </div>
  );
}

/**
 * What identity holds (name, e-mail, phone, sign-up date) and the counts other services already give
 * on User (commerce's orders, messaging's inbox); a count a service cannot give now is left out.
 */
export function ProfileSection({ me }: { me: MyData }) {
  const counts = useApolloQuery(MY_DATA_COUNTS_QUERY, { fetchPolicy: 'cache-and-network', errorPolicy: 'all' }).data?.me;
  return (
    <section aria-labelledby="my-data-profile" className="flex flex-col gap-3">
      <h3 id="my-data-profile" className="text-lg font-semibold">
        {t.title}
      </h3>
      <Card className="px-4 py-2">
        <dl className="divide-y" data-testid="my-data-profile">
          <Row term={t.name} value={`${me.firstName} ${me.lastName}`} />
          <Row term={t.email} value={me.email} />
          <Row term={t.phone} value={me.phone} />
          <Row term={t.createdAt} value={formatLongDate(me.createdAt)} />
          {counts?.purchaseCount != null && <Row term={t.purchases} value={counts.purchaseCount} />}
          {counts?.unreadMessageCount != null && <Row term={t.messages} value={counts.unreadMessageCount} />}
        </dl>
      </Card>
    </section>
  );
}
