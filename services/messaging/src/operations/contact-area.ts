import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The contact part of messaging (see operations/area.ts). */
export function contactArea(_deps: MessagingDeps): AreaParts {
  return {};
}
