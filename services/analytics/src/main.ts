import { createLogger, Lifecycle } from '@lbf/service-kit';
import { startAnalytics } from './app';
import { fromEnv } from './config';

async function main(): Promise<void> {
  const config = fromEnv();
  const log = createLogger('analytics', config.logLevel);
  const app = await startAnalytics(config);
  const lifecycle = new Lifecycle(log);
  lifecycle.onShutdown('analytics', () => app.stop());
  lifecycle.handleSignals();
}

main().catch((err: unknown) => {
  process.stderr.write(`analytics failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
