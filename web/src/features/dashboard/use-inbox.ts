import { useEffect, useRef, useState } from 'react';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { fr } from '@/i18n/fr';
import { inboxText } from '@/i18n/messaging';
import { INBOX_PAGE_SIZE, type InboxMessage } from './messages-operations';
import MARK_MESSAGE_READ from './graphql/mark-message-read.mutation.graphql';
import MY_MESSAGES_QUERY from './graphql/my-messages.query.graphql';
import MY_UNREAD_MESSAGE_COUNT from './graphql/my-unread-message-count.query.graphql';

/**
 * The inbox's page of messages and the one open: opening an unread message marks it read (the
 * header badge's count follows), and a message arriving while the tab is open is listed at once.
 */
export function useInbox() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useApolloQuery(MY_MESSAGES_QUERY, {
    variables: { page, pageSize: INBOX_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [markRead] = useApolloMutation(MARK_MESSAGE_READ, { refetchQueries: [MY_UNREAD_MESSAGE_COUNT, 'MyMessages'] });

  // A message arriving while the tab is open (the badge's live count goes up): list it.
  const unreadNow = useApolloQuery(MY_UNREAD_MESSAGE_COUNT, { fetchPolicy: 'cache-only' }).data?.myUnreadMessageCount;
  const lastUnread = useRef(unreadNow);
  const { refetch } = messages;
  useEffect(() => {
    if (unreadNow !== undefined && lastUnread.current !== undefined && unreadNow > lastUnread.current) void refetch();
    lastUnread.current = unreadNow;
  }, [unreadNow, refetch]);

  const toggle = (message: InboxMessage) => {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.readAt) {
      markRead({ variables: { id: message.id } })
        .then(({ data }) => {
          const error = data?.markMessageRead.error;
          if (error) toast.error(error.title ?? fr.common.error, { description: error.message });
        })
        .catch(() => toast.error(fr.common.error, { description: inboxText.markFailure }));
    }
  };

  const data = messages.data?.myMessages;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return { data, failed: Boolean(messages.error), retry: () => void messages.refetch(), page, pages, setPage, openId, toggle };
}
