import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type TextMapPropagator,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ClientRequest, IncomingMessage } from 'node:http';

/**
 * OpenTelemetry traces (issue 22 point 7): one purchase is one trace, from the gateway's request
 * through each subgraph fetch, the resolver, the SQL, the outbox row, the NATS message, the
 * consumer and the job. Off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) is
 * set: then no SDK, exporter or instrumentation is even loaded, the API is its no-op, and every
 * helper below runs its function as it is. Nothing is sent anywhere but to that endpoint.
 *
 * Carried by hand where no library does it: an outbox row keeps the W3C context of the
 * transaction that wrote it (`outbox.trace_context`), the relay publishes it in the NATS message's
 * headers, a consumer continues it; a BullMQ job keeps it in its options (`telemetry.metadata`,
 * stored by BullMQ as `tm`). HTTP (gateway → subgraph, traceparent headers), fetch (the payment
 * providers) and pg statements come from the official instrumentations.
 */

/** A W3C trace context as text headers (`traceparent`, `tracestate`). */
export type TraceCarrier = Record<string, string>;

export interface Tracing {
  service: string;
  /** Where spans go (the OTLP/HTTP traces URL). */
  endpoint: string;
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops; later spans are dropped. */
  shutdown(): Promise<void>;
}

let installed: Tracing | null = null;

/**
 * Where a process stands. `internal` (a service: only the gateway reaches it, with its credential)
 * continues the trace context a request carries. `edge` (the gateway, which the internet reaches)
 * starts a trace of its own for every request whatever `traceparent`, `tracestate` or `baggage` the
 * caller sent: a browser must not choose our trace ids, graft its requests onto another's trace or
 * turn sampling off. The caller's traceparent, when it parses, is kept as a link of the request's
 * span, never as its parent. Both kinds send their own context on (gateway → subgraph headers).
 */
export type TraceBoundary = 'internal' | 'edge';

/** Requests no one needs a span of: probes and scrapes, every few seconds. */
const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * The OTLP/HTTP traces URL the environment names, or null (tracing off). The standard variables:
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full URL) or `OTEL_EXPORTER_OTLP_ENDPOINT` (+ /v1/traces);
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn it off even when one is set.
 */
export function tracesEndpoint(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return null;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return null;
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts tracing for this process when the environment names an endpoint (`tracesEndpoint`);
 * returns null and loads nothing otherwise. Call it first in a process's main, before its
 * servers and database open. Once per process: a second call returns the first.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env, opts: { boundary?: TraceBoundary } = {}): Tracing | null {
  if (installed) return installed;
  const endpoint = tracesEndpoint(env);
  if (!endpoint) return null;
  // Loaded only here: a process without an endpoint never loads the exporter.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  return installTracing(service, new OTLPTraceExporter({ url: endpoint }), { endpoint, instrument: true, boundary: opts.boundary });
}

/**
 * The setup behind `startTracing`, with any exporter (tests pass an in-memory one): a tracer
 * provider named after the service (no resource detectors: they would ask cloud metadata
 * addresses), batched export, the async-local context and W3C propagation as the global ones
 * (on the `edge`, a propagator that sends context but takes none in: TraceBoundary), and, with
 * `instrument`, the http, fetch (undici) and pg instrumentations.
 */
export function installTracing(service: string, exporter: SpanExporter, opts: { endpoint?: string; instrument?: boolean; boundary?: TraceBoundary } = {}): Tracing {
  if (installed) return installed;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service, 'service.namespace': 'lbf' }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const edge = opts.boundary === 'edge';
  provider.register(edge ? { propagator: sendOnlyPropagator() } : undefined);
  if (opts.instrument) instrument(provider, edge);
  installed = {
    service,
    endpoint: opts.endpoint ?? '(in process)',
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
    },
  };
  return installed;
}

/** Forgets the process's tracing and the global API's registrations (tests only). */
export async function uninstallTracing(): Promise<void> {
  await installed?.shutdown();
  installed = null;
  trace.disable();
  context.disable();
  propagation.disable();
}

/** W3C trace context sent on (inject), none taken in (extract leaves the context as it is): the edge's propagator. */
function sendOnlyPropagator(): TextMapPropagator {
  const w3c = w3cPropagator();
  return {
    inject: (ctx, carrier, setter) => w3c.inject(ctx, carrier, setter),
    extract: (ctx) => ctx,
    fields: () => w3c.fields(),
  };
}

function w3cPropagator(): TextMapPropagator {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  return new W3CTraceContextPropagator();
}

/** On the edge: the caller's traceparent, when it parses, as a link of its request's span (never its parent). */
function linkCallerContext(): (span: Span, request: ClientRequest | IncomingMessage) => void {
  const w3c = w3cPropagator();
  return (span, request) => {
    // Incoming requests only (an IncomingMessage has headers; an outgoing ClientRequest does not).
    const headers = (request as Partial<IncomingMessage>).headers;
    if (!headers?.traceparent) return;
    const caller = trace.getSpanContext(w3c.extract(ROOT_CONTEXT, headers, { get: (h, k) => h[k], keys: (h) => Object.keys(h) }));
    if (caller && isSpanContextValid(caller)) span.addLink({ context: caller, attributes: { 'lbf.link.kind': 'caller-traceparent' } });
  };
}

/** The http (both directions, traceparent out; in, except on the edge), fetch and pg instrumentations, quiet where nothing is asked. */
function instrument(provider: import('@opentelemetry/sdk-trace-node').NodeTracerProvider, edge: boolean): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0]!),
        // Outgoing calls outside any request (health polls, schema reads) start no trace of their own.
        requireParentforOutgoingSpans: true,
        ...(edge ? { requestHook: linkCallerContext() } : {}),
      }),
      // Statements of traced work only: the relay's and the workers' polls start no trace.
      new PgInstrumentation({ requireParentSpan: true }),
      // Node's fetch (commerce's payment providers), inside traced work only.
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  // The hooks patch a module when it is next required: do it now for http, which the process has
  // loaded already (the patch is made on the module object, which every importer shares).
  require('node:http');
  require('node:https');
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** Whether this process traces (an endpoint was set). The helpers below cost nothing when it does not. */
export function tracingOn(): boolean {
  return installed !== null;
}

const tracer = () => trace.getTracer('@lbf/service-kit');

/** The active span's context as headers to carry (an outbox row, a NATS message, a job), or null. */
export function traceCarrier(): TraceCarrier | null {
  if (!installed) return null;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : null;
}

/** A carrier read back (a jsonb column, a job's metadata string), or null when it is not one. */
export function parseCarrier(raw: unknown): TraceCarrier | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || typeof (value as TraceCarrier).traceparent !== 'string') return null;
  return value as TraceCarrier;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

async function runInSpan<T>(parent: Context, name: string, o: SpanOptions & { links?: Link[] }, fn: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind: o.kind ?? SpanKind.INTERNAL, attributes: o.attributes, links: o.links }, parent, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Runs `fn` in a new span, child of the active one; just runs it when tracing is off. */
export function withSpan<T>(name: string, o: SpanOptions, fn: () => Promise<T>): Promise<T> {
  if (!installed) return fn();
  return runInSpan(context.active(), name, o, fn);
}

/**
 * Runs `fn` in a new span continuing the trace a carrier names (a NATS message's headers, a job's
 * metadata, a row's column); without one, a child of the active span (a root span outside any).
 * The span active here (the channel that brought the work: a webhook, a poll) is linked to it
 * when it belongs to another trace.
 */
export function withSpanFrom<T>(carrier: TraceCarrier | null | undefined, name: string, o: SpanOptions, fn: () => Promise<T>): Promise<T> {
  if (!installed) return fn();
  const here = trace.getActiveSpan()?.spanContext();
  const parent = carrier?.traceparent ? propagation.extract(ROOT_CONTEXT, carrier) : context.active();
  const parentTrace = trace.getSpanContext(parent)?.traceId;
  const links = here && isSpanContextValid(here) && here.traceId !== parentTrace ? [{ context: here }] : undefined;
  return runInSpan(parent, name, { ...o, links }, fn);
}

/** Runs `fn` outside any trace (a timer armed during a request must not count as its work). */
export function detached<T>(fn: () => T): T {
  if (!installed) return fn();
  return context.with(ROOT_CONTEXT, fn);
}

/**
 * pino's mixin: the active span's `trace_id` and `span_id` on every log line written inside one
 * (the names of OpenTelemetry's log data model), so a line leads to its trace and back.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const sc = span.spanContext();
  if (!isSpanContextValid(sc)) return {};
  return { trace_id: sc.traceId, span_id: sc.spanId };
}

type AnyResolver = (parent: unknown, args: unknown, ctx: unknown, info: { fieldName: string; operation?: { name?: { value: string } } }) => unknown;

/**
 * Wraps every Query and Mutation field resolver in a span (`Mutation.startCheckout`), whose SQL
 * and events are its children. The map as it is when tracing is off.
 */
export function traceResolvers<R extends Readonly<Record<string, object>>>(resolvers: R): R {
  if (!installed) return resolvers;
  const out: Record<string, object> = { ...resolvers };
  for (const type of ['Query', 'Mutation'] as const) {
    const fields = resolvers[type] as Record<string, unknown> | undefined;
    if (!fields) continue;
    out[type] = Object.fromEntries(
      Object.entries(fields).map(([field, resolve]) => {
        if (typeof resolve !== 'function') return [field, resolve];
        const name = `${type}.${field}`;
        const wrapped: AnyResolver = (parent, args, ctx, info) =>
          withSpan(name, { attributes: { 'graphql.field.name': field, 'graphql.field.type': type, 'graphql.operation.name': info.operation?.name?.value ?? '' } }, async () =>
            (resolve as AnyResolver)(parent, args, ctx, info),
          );
        return [field, wrapped];
      }),
    );
  }
  return out as R;
}

export { SpanKind };
