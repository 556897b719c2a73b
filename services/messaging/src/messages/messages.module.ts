import { defineModule } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { messagesResolvers } from './resolvers';
import { UnreadCounts } from './unread';

/**
 * Internal messages: administrators send to one customer or to everyone; each customer reads their
 * own and group messages (their own read state), with an unread count pushed live to the badge.
 */
export function messagesModule(deps: MessagingDeps) {
  const unread = new UnreadCounts(deps.redis, deps.config.redisKeyPrefix, deps.log);
  return defineModule<MessagingJobs>({
    name: 'messages',
    resolvers: messagesResolvers({ ...deps, unread }),
    start: () => unread.start(),
    stop: () => unread.stop(),
  });
}
