import { ok, parseInput, type Result, type UnitOfWork } from '@lbf/service-kit';
import { siteDay } from '../shared/site-day';
import type { VisitRateLimit } from './rate-limit';
import { pageVisitInput, storedUserAgent } from './rules';
import { recordPageView } from './store';

export interface RecordPageVisitDeps {
  uow: UnitOfWork;
  rateLimit: VisitRateLimit;
  siteTimezone: string;
}

/** Who sent the page view, as the gateway forwarded it. */
export interface VisitClient {
  ip: string | null;
  userAgent: string | null;
}

/**
 * One page the web app showed: checked, counted unless the visitor or their address is over the
 * rate limit, and stored with its visit. A refusal is a bad beacon (a script: the web app never
 * sends one). Over the limit the answer is still true: telling a script it was throttled only
 * helps it adapt.
 */
export async function recordPageVisit(deps: RecordPageVisitDeps, input: unknown, client: VisitClient): Promise<Result<true>> {
  const parsed = parseInput(pageVisitInput, input);
  if (!parsed.ok) return parsed;
  const visit = parsed.value;
  if (!(await deps.rateLimit.allow(client.ip, visit.visitorId))) return ok(true);
  const at = new Date();
  await recordPageView(deps.uow, { ...visit, userAgent: storedUserAgent(client.userAgent), at, day: siteDay(at, deps.siteTimezone) });
  return ok(true);
}
