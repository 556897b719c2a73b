import { useApolloQuery } from '@/data/hooks';
import { inboxText } from '@/i18n/messaging';
import { UnreadBadge } from './unread-badge';
import MY_UNREAD_MESSAGE_COUNT from './graphql/my-unread-message-count.query.graphql';

/** 'Messages' and the unread count the header keeps live (read from the same cached query). */
export function MessagesTabLabel() {
  const count = useApolloQuery(MY_UNREAD_MESSAGE_COUNT, { fetchPolicy: 'cache-first' }).data?.myUnreadMessageCount ?? 0;
  return (
    <>
      {inboxText.tab}
      <UnreadBadge count={count} />
    </>
  );
}
