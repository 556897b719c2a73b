import { createLogger, Lifecycle } from '@lbf/service-kit';
import { startCatalogue } from './app';
import { fromEnv } from './config';

async function main(): Promise<void> {
  const config = fromEnv();
  const log = createLogger('catalogue', config.logLevel);
  const app = await startCatalogue(config);
  const lifecycle = new Lifecycle(log);
  lifecycle.onShutdown('catalogue', () => app.stop());
  lifecycle.handleSignals();
}

main().catch((err: unknown) => {
  process.stderr.write(`catalogue failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
