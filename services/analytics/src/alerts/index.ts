/** What other rooms may use of the alerts room. */
export { AdminAlertsChannel } from './channel';
export { clearSaleAlert, raiseSaleAlert } from './sales';
export { CLOSED_ALERT_RETENTION_DAYS, purgeClosedAlerts } from './store';
