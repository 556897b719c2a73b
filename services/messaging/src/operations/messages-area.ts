import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The messages part of messaging (see operations/area.ts). */
export function messagesArea(_deps: MessagingDeps): AreaParts {
  return {};
}
