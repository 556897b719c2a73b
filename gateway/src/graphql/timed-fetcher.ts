import type { Metrics } from '@lbf/service-kit';
import type { SubgraphEndpoint } from '../config';
import type { Fetcher } from './subgraph-data-source';

/**
 * The subgraph fetcher, timed (issue 22): `lbf_subgraph_fetch_duration_seconds` by subgraph and
 * outcome (ok, an HTTP status class, or error), for every fetch of the normal path and of the
 * single-fetch passthrough alike. The subgraph is named from its configured URL.
 */
export function timedFetcher(fetcher: Fetcher, subgraphs: readonly SubgraphEndpoint[], metrics: Metrics): Fetcher {
  const latency = metrics.histogram('lbf_subgraph_fetch_duration_seconds', 'Time of one fetch from the gateway to a subgraph, by subgraph and outcome', ['subgraph', 'outcome']);
  const byOrigin = new Map(subgraphs.map((s) => [new URL(s.url).origin, s.name]));
  const nameOf = (url: string) => {
    try {
      return byOrigin.get(new URL(url).origin) ?? 'other';
    } catch {
      return 'other';
    }
  };
  return async (url, init) => {
    const started = process.hrtime.bigint();
    const subgraph = nameOf(String(url));
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const res = await fetcher(url, init);
      latency.observe({ subgraph, outcome: res.ok ? 'ok' : `${String(res.status)[0]}xx` }, seconds());
      return res;
    } catch (err) {
      latency.observe({ subgraph, outcome: 'error' }, seconds());
      throw err;
    }
  };
}
