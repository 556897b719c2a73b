import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The mail part of messaging (see operations/area.ts). */
export function mailArea(_deps: MessagingDeps): AreaParts {
  return { jobHandlers: { 'send-mail': async () => { throw new Error('the mail part is being written'); }, 'sweep-mail': async () => { throw new Error('the mail part is being written'); } } };
}
