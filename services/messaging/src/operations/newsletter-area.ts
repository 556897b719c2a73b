import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The newsletter part of messaging (see operations/area.ts). */
export function newsletterArea(_deps: MessagingDeps): AreaParts {
  return { jobHandlers: { 'campaign-fanout': async () => { throw new Error('the newsletter part is being written'); } } };
}
