import { defineModule } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { ContactLimits } from './limits';
import { contactResolvers } from './resolvers';

/**
 * The contact form (a ticket, bot defences, limits per IP and address, the acknowledgement mail)
 * and the administrators' inbox (folders, read state, search, replies by e-mail, the bell's alerts).
 */
export function contactModule(deps: MessagingDeps) {
  const contactLimits = new ContactLimits(deps.redis, deps.config.redisKeyPrefix);
  return defineModule<MessagingJobs>({ name: 'contact', resolvers: contactResolvers({ ...deps, contactLimits }) });
}
