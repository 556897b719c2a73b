import { useApolloClient, useApolloQuery, useApolloSubscription } from '@/data/hooks';
import { useState } from 'react';
import MY_UNREAD_MESSAGE_COUNT from './graphql/my-unread-message-count.query.graphql';
import UNREAD_MESSAGE_COUNT_CHANGED from './graphql/unread-message-count-changed.subscription.graphql';

/** The poll used only when the live push cannot be had (socket refused or dropped). */
const FALLBACK_POLL_MS = 30_000;

/**
 * The signed-in user's unread messages (the header badge): the `myUnreadMessageCount` query for
 * the first value, then the subscription of the same name pushing each change into that cached
 * query; if the subscription fails, the query is polled instead. 0 while signed out or unknown.
 */
export function useUnreadMessageCount(signedIn: boolean): number {
  const client = useApolloClient();
  const [live, setLive] = useState(true);
  const { data } = useApolloQuery(MY_UNREAD_MESSAGE_COUNT, {
    skip: !signedIn,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval: signedIn && !live ? FALLBACK_POLL_MS : 0,
  });
  useApolloSubscription(UNREAD_MESSAGE_COUNT_CHANGED, {
    skip: !signedIn,
    onData: ({ data: pushed }) => {
      const count = pushed.data?.myUnreadMessageCount;
      if (typeof count === 'number') client.writeQuery({ query: MY_UNREAD_MESSAGE_COUNT, data: { myUnreadMessageCount: count } });
      setLive(true);
    },
    onError: (error) => {
      console.warn('messages: live unread count unavailable, polling', error);
      setLive(false);
    },
  });
  return signedIn ? (data?.myUnreadMessageCount ?? 0) : 0;
}
