import { defineModule } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import type { AdminAlertsChannel } from './channel';
import { adminAlertConsumers } from './consumers';
import { alertsResolvers } from './resolvers';

/**
 * The alerts room: the back-office bell (adminAlerts query and subscription, markSaleSeen), fed by
 * the services' six admin_alert subjects and by the sales the statistics room sees. The channel is
 * made by app.ts because the statistics room nudges it too; this room starts and stops it.
 */
export function alertsModule(deps: AnalyticsDeps, channel: AdminAlertsChannel) {
  return defineModule({
    name: 'alerts',
    resolvers: alertsResolvers({ ds: deps.ds, channel }),
    consumers: adminAlertConsumers(deps, channel),
    start: () => channel.start(),
    stop: () => channel.stop(),
  });
}
