import { propagation, ProxyTracerProvider, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { Writable } from 'node:stream';
import { createLogger } from './logger';
import {
  installTracing,
  parseCarrier,
  startTracing,
  traceCarrier,
  tracesEndpoint,
  traceResolvers,
  tracingOn,
  uninstallTracing,
  withSpan,
  withSpanFrom,
} from './tracing';

/** A logger whose lines are kept, parsed. */
function capturedLogger(): { log: ReturnType<typeof createLogger>; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('test', 'info', out), lines };
}

describe('traces endpoint', () => {
  it('reads the standard variables; off when none is set or the SDK is disabled', () => {
    expect(tracesEndpoint({})).toBeNull();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeNull();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://other:4318/traces' })).toBe('http://other:4318/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
  });
});

describe('tracing off (no endpoint)', () => {
  it('configures no exporter: no provider, spans do not record, nothing to carry, helpers just run', async () => {
    expect(startTracing('test', { PATH: process.env.PATH })).toBeNull();
    expect(tracingOn()).toBe(false);
    // The API's global provider still delegates to its no-op: no SDK, no span processor, no exporter.
    const provider = trace.getTracerProvider() as ProxyTracerProvider;
    expect(provider.getDelegate().constructor.name).toBe('NoopTracerProvider');
    expect(trace.getTracer('x').startSpan('y').isRecording()).toBe(false);
    await withSpan('work', {}, async () => {
      expect(traceCarrier()).toBeNull();
      expect(trace.getActiveSpan()).toBeUndefined();
    });
    // The resolver map is the one given, not wrapped.
    const resolvers = { Query: { a: () => 1 } };
    expect(traceResolvers(resolvers)).toBe(resolvers);
    // Log lines carry no trace fields.
    const { log, lines } = capturedLogger();
    await withSpan('work', {}, async () => log.info('inside'));
    expect(lines[0]).not.toHaveProperty('trace_id');
  });
});

describe('tracing on', () => {
  const exporter = new InMemorySpanExporter();
  let flush: () => Promise<void>;
  beforeAll(() => {
    flush = installTracing('test', exporter).flush;
  });
  afterAll(async () => {
    await uninstallTracing();
  });

  it("puts the active span's trace and span ids on every log line written inside it, and none outside", async () => {
    const { log, lines } = capturedLogger();
    log.info('before');
    let ids: { traceId: string; spanId: string } | null = null;
    await withSpan('work', {}, async () => {
      ids = trace.getActiveSpan()!.spanContext();
      log.info('inside');
      await new Promise((r) => setTimeout(r, 5));
      log.warn({ orderId: 'o-1' }, 'still inside, after an await');
    });
    log.info('after');
    expect(lines.map((l) => l.msg)).toEqual(['before', 'inside', 'still inside, after an await', 'after']);
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[3]).not.toHaveProperty('trace_id');
    for (const l of [lines[1]!, lines[2]!]) expect(l).toEqual(expect.objectContaining({ trace_id: ids!.traceId, span_id: ids!.spanId }));
    expect(lines[2]).toEqual(expect.objectContaining({ orderId: 'o-1', service: 'test' }));
  });

  it('carries a context through a carrier (outbox row, NATS headers, job): the continued span is a child in the same trace, linked to the channel', async () => {
    let stored: string | null = null;
    await withSpan('checkout', {}, async () => {
      stored = JSON.stringify(traceCarrier());
    });
    const carrier = parseCarrier(stored);
    expect(carrier?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // Later, in another trace (a webhook's request), the work continues the stored one.
    await withSpan('webhook', {}, () => withSpanFrom(carrier, 'settle', {}, async () => undefined));
    await flush();
    const finished = exporter.getFinishedSpans();
    const byName = (name: string) => finished.find((s) => s.name === name)!;
    const [checkout, webhook, settle] = [byName('checkout'), byName('webhook'), byName('settle')];
    expect(settle.spanContext().traceId).toBe(checkout.spanContext().traceId);
    expect(settle.parentSpanContext?.spanId).toBe(checkout.spanContext().spanId);
    expect(webhook.spanContext().traceId).not.toBe(checkout.spanContext().traceId);
    expect(settle.links.map((l) => l.context.spanId)).toEqual([webhook.spanContext().spanId]);
  });

  it('wraps Query and Mutation resolvers in a span named after the field', async () => {
    const wrapped = traceResolvers({ Mutation: { buy: async () => trace.getActiveSpan() !== undefined }, Order: { id: () => 'x' } });
    const info = { fieldName: 'buy', operation: { name: { value: 'Buy' } } };
    await expect((wrapped.Mutation.buy as (...a: unknown[]) => Promise<boolean>)(null, {}, {}, info)).resolves.toBe(true);
    await flush();
    expect(exporter.getFinishedSpans().some((s) => s.name === 'Mutation.buy' && s.attributes['graphql.operation.name'] === 'Buy')).toBe(true);
    // Other types' resolvers are left alone.
    expect(wrapped.Order.id()).toBe('x');
  });
});

describe('tracing on the edge (the gateway)', () => {
  afterAll(async () => {
    await uninstallTracing();
  });

  it('takes no context in from a caller (traceparent, tracestate) but sends its own on', async () => {
    installTracing('edge', new InMemorySpanExporter(), { boundary: 'edge' });
    const forged = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'x=1' };
    expect(trace.getSpanContext(propagation.extract(ROOT_CONTEXT, forged))).toBeUndefined();
    await withSpan('request', {}, async () => {
      const sent: Record<string, string> = {};
      propagation.inject(trace.setSpan(ROOT_CONTEXT, trace.getActiveSpan()!), sent);
      expect(sent.traceparent).toBe(`00-${trace.getActiveSpan()!.spanContext().traceId}-${trace.getActiveSpan()!.spanContext().spanId}-01`);
      expect(sent.traceparent).not.toContain('0af7651916cd43dd8448eb211c80319c');
    });
  });
});
