import { useApolloQuery } from '@/data/hooks';
import { Ban, Banknote, ShoppingCart, Users } from 'lucide-react';
import { formatUsdCents, formatXaf } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { StatCard, StatCardSkeleton } from '../components/stat-card';
import { usersFr } from '@/i18n/admin/users';
import ADMIN_USER_STATS from './graphql/admin-user-stats.query.graphql';
import ADMIN_USERS_COMMERCE_STATS from './graphql/admin-users-commerce-stats.query.graphql';

const t = usersFr.cards;

/**
 * Spec 'Admin users' cards: users with the active count and banned (identity), purchases and
 * revenue (commerce). One query per service: a card whose figure did not arrive is not shown.
 */
export function UserStatCards() {
  const identity = useApolloQuery(ADMIN_USER_STATS, { fetchPolicy: 'cache-and-network' });
  const commerce = useApolloQuery(ADMIN_USERS_COMMERCE_STATS, { fetchPolicy: 'cache-and-network' });
  useLogError(identity.error, 'users: the identity cards failed');
  useLogError(commerce.error, 'users: the commerce cards failed');
  const users = identity.data?.adminUserStats;
  const sales = commerce.data?.commerceStats;

  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {users ? (
        <StatCard testId="card-users" label={t.total} icon={<Users />} value={users.total} detail={t.active(users.active)} />
      ) : (
        identity.loading && <StatCardSkeleton />
      )}
      {sales ? (
        <>
          <StatCard testId="card-purchases" label={t.purchases} icon={<ShoppingCart />} value={sales.salesCount} detail={t.purchasesDetail} />
          <StatCard
            testId="card-revenue"
            label={t.revenue}
            icon={<Banknote />}
            value={
              <span className="text-xl whitespace-nowrap sm:text-2xl" title={t.revenueUsd(formatUsdCents(sales.revenue.usdCents))}>
                {formatXaf(sales.revenue.xaf)}
              </span>
            }
            detail={t.revenueDetail}
          />
        </>
      ) : (
        commerce.loading && (
          <>
            <StatCardSkeleton />
            <StatCardSkeleton />
          </>
        )
      )}
      {users ? (
        <StatCard testId="card-banned" label={t.banned} icon={<Ban />} value={users.banned} detail={t.bannedDetail} />
      ) : (
        identity.loading && <StatCardSkeleton />
      )}
    </div>
  );
}
