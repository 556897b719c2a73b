import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../deps';
import { mountWebhookRoutes } from './routes';

/** The providers' notifications (/payments/notify/*): verified, logged, deduplicated, and only ever a nudge to ask the provider. */
export function webhooksModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({ name: 'webhooks', routes: (app) => mountWebhookRoutes(app, deps) });
}
