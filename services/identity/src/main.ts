import { createLogger, Lifecycle } from '@lbf/service-kit';
import { startIdentity } from './app';
import { fromEnv } from './config';

async function main(): Promise<void> {
  const config = fromEnv();
  const log = createLogger('identity', config.logLevel);
  const lifecycle = new Lifecycle(log);
  lifecycle.handleSignals();
  const running = await startIdentity(config);
  lifecycle.onShutdown('identity', () => running.stop());
  log.info({ url: running.url }, 'identity ready');
}

main().catch((err: unknown) => {
  process.stderr.write(`identity failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
