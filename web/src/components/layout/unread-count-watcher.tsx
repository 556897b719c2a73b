import { useEffect } from 'react';
import { useUnreadMessageCount } from '@/features/dashboard/use-unread-count';

/**
 * Keeps the header told of the signed-in user's unread messages (query, then live pushes). Its
 * own chunk, rendered only once someone is signed in: a visitor loads none of the messaging code.
 */
export default function UnreadCountWatcher({ onChange }: { onChange(count: number): void }) {
  const count = useUnreadMessageCount(true);
  useEffect(() => onChange(count), [count, onChange]);
  return null;
}
