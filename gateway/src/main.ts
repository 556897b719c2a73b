import { createLogger, guardProcess, Lifecycle } from '@lbf/service-kit';
import { startGateway } from './app';
import { fromEnv } from './config';

async function main(): Promise<void> {
  const config = fromEnv();
  const log = createLogger('gateway', config.logLevel);
  // A stray rejection (an upstream going away mid-reconnect) is logged; it must never take the site down.
  guardProcess(log);
  const gateway = await startGateway(config);
  const lifecycle = new Lifecycle(log);
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
