import type { EventData } from '@lbf/proto-events';

/** An admin_alert.raised payload as messaging, commerce or catalogue sends it (a contact message's words unless told otherwise). */
export function alertRaised(
  alertId: string,
  kind: 'contact' | 'payment' | 'processing',
  occurredAt: string,
  title = 'Nouveau message de Awa Ndiaye',
): EventData<'messaging.admin_alert.raised'> {
  return { alertId, kind, title, href: `/admin/contact?message=${alertId}`, occurredAt };
}

/** When an alert's event happened, `secondsAgo` seconds before now. */
export const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
