import { useApolloQuery, useApolloSubscription } from '@/data/hooks';
import { useEffect, useRef } from 'react';
import { Card } from '@/components/ui/card';
import { adminFr } from '@/i18n/admin';
import { toastFailure, toastSuccess } from '../lib/errors';
import { type AdminCampaign } from './operations';
import ADMIN_CAMPAIGN from './graphql/admin-campaign.query.graphql';
import CAMPAIGN_PROGRESS from './graphql/campaign-progress.subscription.graphql';

const t = adminFr.newsletter;

function handled(c: AdminCampaign): number {
  return c.sent + c.failed + c.suppressed;
}

/** The more advanced of two views of the same campaign (the live one and the polled one). */
function latest(a: AdminCampaign | undefined, b: AdminCampaign | undefined): AdminCampaign | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.status === 'SENT') return a;
  if (b.status === 'SENT') return b;
  return handled(b) > handled(a) ? b : a;
}

/**
 * The live progress of a campaign being sent: campaignProgress (the server pushes each move of
 * its counters), with adminCampaign polled each second as a fallback should the socket fail.
 * Once SENT: 'Newsletter envoyée' / 'Newsletter envoyée à N abonnés.', then `onDone`.
 */
export function CampaignProgress({ initial, onDone }: { initial: AdminCampaign; onDone(campaign: AdminCampaign): void }) {
  const live = useApolloSubscription(CAMPAIGN_PROGRESS, { variables: { id: initial.id } });
  const polled = useApolloQuery(ADMIN_CAMPAIGN, { variables: { id: initial.id }, pollInterval: 1500, fetchPolicy: 'network-only' });
  useEffect(() => {
    if (live.error) console.error('CampaignProgress', live.error);
  }, [live.error]);

  const campaign = latest(latest(initial, live.data?.campaignProgress), polled.data?.adminCampaign ?? undefined) ?? initial;
  const done = campaign.status === 'SENT';
  const reported = useRef(false);
  const { stopPolling } = polled;
  useEffect(() => {
    if (!done || reported.current) return;
    reported.current = true;
    stopPolling();
    // Nothing left (every address refused or failed): a failure, not 'Newsletter envoyée à 0 abonnés.'.
    if (campaign.sent === 0 && campaign.total > 0) toastFailure(t.sendFailure);
    else toastSuccess(t.sent, t.sentText(campaign.sent));
    onDone(campaign);
  }, [done, campaign, onDone, stopPolling]);

  const count = handled(campaign);
  const percent = campaign.total > 0 ? Math.min(100, Math.round((count / campaign.total) * 100)) : done ? 100 : 0;
  return (
    <Card className="p-4" data-testid="campaign-progress" data-status={campaign.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="min-w-0 truncate font-medium">
          {t.progressTitle} : {campaign.subject}
        </h3>
        <span className="text-sm text-muted-foreground">{t.campaignStatus[campaign.status]}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t.progressTitle}
        aria-valuemin={0}
        aria-valuemax={campaign.total}
        aria-valuenow={count}
        aria-valuetext={t.progress(campaign.sent, campaign.total)}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums" data-testid="campaign-progress-text">
        <span>{t.progress(campaign.sent, campaign.total)}</span>
        {campaign.failed > 0 && <span className="text-destructive">{t.failures(campaign.failed)}</span>}
        {campaign.suppressed > 0 && <span className="text-muted-foreground">{t.suppressed(campaign.suppressed)}</span>}
      </p>
    </Card>
  );
}
