import { contactResolvers } from '../resolvers/contact';
import type { AreaParts } from './area';
import { ContactLimits } from './contact-limits';
import type { MessagingDeps } from './deps';

/** The contact part of messaging (see operations/area.ts): the form and the administrators' inbox. */
export function contactArea(deps: MessagingDeps): AreaParts {
  const contactLimits = new ContactLimits(deps.redis, deps.redisKeyPrefix);
  return { resolvers: contactResolvers({ ...deps, contactLimits }) };
}
