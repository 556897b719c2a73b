import { createLogger, guardProcess, Lifecycle, startTracing } from '@lbf/service-kit';
import { startGateway } from './app';
import { fromEnv } from './config';

async function main(): Promise<void> {
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; first, so the http instrumentation sees every request.
  // The edge: a request from the internet starts a trace of its own, whatever traceparent it carries.
  const tracing = startTracing('gateway', process.env, { boundary: 'edge' });
  const config = fromEnv();
  const log = createLogger('gateway', config.logLevel);
  // A stray rejection (an upstream going away mid-reconnect) is logged; it must never take the site down.
  guardProcess(log);
  if (tracing) log.info({ endpoint: tracing.endpoint }, 'traces exported over OTLP');
  // SIGTERM: /ready answers 503 at once while the gateway serves on for SHUTDOWN_DELAY_MS, then it drains and stops.
  const lifecycle = new Lifecycle(log, undefined, config.shutdownDelayMs);
  const gateway = await startGateway(config, { draining: () => lifecycle.isDraining() });
  if (tracing) lifecycle.onShutdown('tracing', () => tracing.shutdown());
  lifecycle.onShutdown('gateway', () => gateway.stop());
  lifecycle.handleSignals();
  // The one address (PUBLIC_URL), as `npm start`, the mails and NotchPay's return page say it.
  const site = gateway.siteUrl;
  gateway.ready.then(
    () => log.info({ site, graphql: `${site}graphql` }, `LBF is served on ${site}`),
    () => undefined,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`gateway failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
