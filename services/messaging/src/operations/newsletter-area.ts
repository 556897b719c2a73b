import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The newsletter part of messaging (see operations/area.ts). */
export function newsletterArea(_deps: MessagingDeps): AreaParts {
  return {};
}
