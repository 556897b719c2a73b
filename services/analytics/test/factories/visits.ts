import { gatewayHeaders, gql, type GraphQLResponse } from '@lbf/service-kit/testing';
import type { LiveCounters } from '../../src/shared/counters';

export type Counters = LiveCounters;

export const LIVE_COUNTERS = 'query LiveCounters { liveCounters { registeredUsers visitsToday day } }';
export const RECORD_PAGE_VISIT = 'mutation RecordPageVisit($input: PageVisitInput!) { recordPageVisit(input: $input) }';

export interface VisitsFactory {
  /** The live counters as a visitor reads them (of the first replica unless `url` says another). */
  counters(url?: string): Promise<Counters>;
  /** One page view as the gateway forwards it; `headers` add a user agent or an address. Only `data` and `errors` of the answer. */
  recordVisit(
    input: Record<string, unknown>,
    headers?: Record<string, string>,
    url?: string,
  ): Promise<Pick<GraphQLResponse<{ recordPageVisit: boolean }>, 'data' | 'errors'>>;
}

/** The visits room's factory: page views sent and the live counters read, as the gateway would. */
export function visitsFactory(t: { app: { url: string }; subgraphSecret: string }): VisitsFactory {
  const asGateway = gatewayHeaders(t.subgraphSecret);
  return {
    async counters(url = t.app.url) {
      const res = await gql<{ liveCounters: Counters }>(url, LIVE_COUNTERS, {}, asGateway);
      if (!res.data) throw new Error(JSON.stringify(res.errors));
      return res.data.liveCounters;
    },
    async recordVisit(input, headers = {}, url = t.app.url) {
      const { data, errors } = await gql<{ recordPageVisit: boolean }>(url, RECORD_PAGE_VISIT, { input }, { ...asGateway, ...headers });
      return { data, errors };
    },
  };
}
