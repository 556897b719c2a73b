import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type { Counter, Gauge, Histogram } from 'prom-client';

/**
 * One Prometheus registry per process (prom-client), in the text format on `/metrics` (issue 22):
 * process metrics, HTTP and GraphQL requests with their latency per operation, and whatever a
 * module adds (`metrics.counter(...)`, e.g. payments by provider and outcome). Collectors that
 * read state (outbox backlog, parked events, consumer lag, queue depth) run at scrape time only.
 * Every name starts with `lbf_`; every series carries the `service` label.
 */
export interface Metrics {
  registry: Registry;
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  gauge<L extends string>(name: string, help: string, labelNames?: readonly L[], collect?: (gauge: Gauge<L>) => Promise<void> | void): Gauge<L>;
  histogram<L extends string>(name: string, help: string, labelNames?: readonly L[], buckets?: number[]): Histogram<L>;
  /** The label an operation name gets: itself while fewer than MAX_OPERATION_LABELS were seen and it looks like a name, else `other`. */
  operationLabel(name: string | null | undefined): string;
  /** Counts and times every request of an HTTP server by route family. */
  observeHttp(server: Server, routeOf?: (path: string, status: number) => string): void;
  /** An Apollo Server plugin counting and timing every operation by name, type and outcome. */
  graphqlPlugin<C extends BaseContext>(): ApolloServerPlugin<C>;
  /** Counts and times one operation answered outside Apollo Server (the gateway's single-fetch passthrough). */
  recordOperation(name: string | null | undefined, type: string, outcome: 'ok' | 'error', seconds: number): void;
  /** The text format Prometheus scrapes. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Operation names come from clients: past this many distinct ones, the rest share the label `other`. */
export const MAX_OPERATION_LABELS = 300;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** Seconds: from a cached read (1 ms) to a slow mutation or an upload (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route family of a request: the probes and /graphql by name, any other answered route by its
 * first segment (`/media`, `/newsletter`, `/videos`), and `other` for what answered 404 or has no
 * plain first segment, so that a scan of random paths cannot grow the label set.
 */
export function defaultRouteOf(path: string, status: number): string {
  const clean = path.split('?')[0] ?? '/';
  if (['/graphql', '/health', '/ready', '/metrics', '/'].includes(clean)) return clean;
  if (status === 404) return 'other';
  const first = /^\/([a-z][a-z-]{0,31})(?:\/|$)/.exec(clean)?.[1];
  return first ? `/${first}` : 'other';
}

export function createMetrics(service: string, opts: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'lbf_' });

  const seenOperations = new Set<string>();
  const operationLabel = (name: string | null | undefined): string => {
    if (!name || !OPERATION_NAME.test(name)) return name ? 'other' : 'anonymous';
    if (seenOperations.has(name)) return name;
    if (seenOperations.size >= MAX_OPERATION_LABELS) return 'other';
    seenOperations.add(name);
    return name;
  };

  let operationMetrics: { operations: Counter<'operation' | 'type' | 'outcome'>; latency: Histogram<'operation' | 'type'> } | null = null;
  const ensureOperationMetrics = () =>
    (operationMetrics ??= {
      operations: metrics.counter('lbf_graphql_operations_total', 'GraphQL operations, by name, type and outcome (ok, error)', ['operation', 'type', 'outcome']),
      latency: metrics.histogram('lbf_graphql_operation_duration_seconds', 'Time to execute a GraphQL operation, by name and type', ['operation', 'type']),
    });
  const metrics: Metrics = {
    registry,
    // Asking twice for one name gives the metric made the first time (a module built twice, a test).
    counter: (name, help, labelNames = []) => (registry.getSingleMetric(name) as Counter<never>) ?? new Counter({ name, help, labelNames: [...labelNames], registers: [registry] }),
    gauge: (name, help, labelNames = [], collect) =>
      (registry.getSingleMetric(name) as Gauge<never>) ??
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        ...(collect && {
          async collect(this: Gauge) {
            await collect(this as never);
          },
        }),
      }),
    histogram: (name, help, labelNames = [], buckets = LATENCY_BUCKETS) =>
      (registry.getSingleMetric(name) as Histogram<never>) ?? new Histogram({ name, help, labelNames: [...labelNames], buckets, registers: [registry] }),
    operationLabel,
    observeHttp: (server, routeOf = defaultRouteOf) => observeHttp(metrics, server, routeOf),
    graphqlPlugin: () => graphqlPlugin(metrics),
    recordOperation(name, type, outcome, seconds) {
      const { operations, latency } = ensureOperationMetrics();
      const operation = operationLabel(name);
      operations.inc({ operation, type, outcome });
      latency.observe({ operation, type }, seconds);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
  return metrics;
}

function observeHttp(metrics: Metrics, server: Server, routeOf: (path: string, status: number) => string): void {
  const requests = metrics.counter('lbf_http_requests_total', 'HTTP requests answered, by route family, method and status code', ['route', 'method', 'code']);
  const latency = metrics.histogram('lbf_http_request_duration_seconds', 'Time to answer an HTTP request, by route family', ['route']);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeOf(req.url ?? '/', res.statusCode);
      requests.inc({ route, method: req.method ?? 'GET', code: String(res.statusCode) });
      latency.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
  });
}

function graphqlPlugin<C extends BaseContext>(metrics: Metrics): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse(rc) {
          const errors = rc.response.body.kind === 'single' ? rc.response.body.singleResult.errors : rc.errors;
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          metrics.recordOperation(rc.operationName ?? rc.request.operationName, rc.operation?.operation ?? 'unknown', errors?.length ? 'error' : 'ok', seconds);
        },
      };
    },
  };
}
