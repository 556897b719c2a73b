import { UnreadCounts } from '../live/unread-count';
import { messagesResolvers } from '../resolvers/messages';
import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The internal messages part of messaging (see operations/area.ts): compose, history, inboxes, live badge. */
export function messagesArea(deps: MessagingDeps): AreaParts {
  const unread = new UnreadCounts(deps.redis, deps.redisKeyPrefix, deps.log);
  return {
    resolvers: messagesResolvers({ ...deps, unread }),
    start: () => unread.start(),
    stop: () => unread.stop(),
  };
}
