import { useApolloClient, useApolloQuery, useApolloSubscription } from '@/data/hooks';
import { useEffect, useState } from 'react';
import { type AdminAlertsValue } from './operations';
import ADMIN_ALERTS_CHANGED from './graphql/admin-alerts-changed.subscription.graphql';
import ADMIN_ALERTS from './graphql/admin-alerts.query.graphql';

/** The poll used only when the live push cannot be had (socket refused or dropped). */
const FALLBACK_POLL_MS = 30_000;

/**
 * The bell (analytics' `adminAlerts`): the query for the first value, then the subscription of the
 * same name pushing each change into that cached query, as the customer's unread badge does; if
 * the subscription fails, the query is polled instead. undefined until known.
 */
export function useAdminAlerts(): { alerts: AdminAlertsValue | undefined; error: unknown } {
  const client = useApolloClient();
  const [live, setLive] = useState(true);
  const { data, error } = useApolloQuery(ADMIN_ALERTS, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval: live ? 0 : FALLBACK_POLL_MS,
  });
  useApolloSubscription(ADMIN_ALERTS_CHANGED, {
    onData: ({ data: pushed }) => {
      const alerts = pushed.data?.adminAlerts;
      if (alerts) client.writeQuery({ query: ADMIN_ALERTS, data: { adminAlerts: alerts } });
      setLive(true);
    },
    onError: (err) => {
      console.warn('admin: live alerts unavailable, polling', err);
      setLive(false);
    },
  });
  useEffect(() => {
    if (error) console.error('admin: alerts failed to load', error);
  }, [error]);
  return { alerts: data?.adminAlerts, error };
}
