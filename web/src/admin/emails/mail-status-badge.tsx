import type { MailStatus } from '@/generated/graphql';
import { adminFr } from '@/i18n/admin';
import { ToneBadge } from '../components/status-badge';

const tone = { QUEUED: 'muted', SENDING: 'warning', SENT: 'success', FAILED: 'danger', SUPPRESSED: 'muted' } as const satisfies Record<MailStatus, string>;

/** A delivery's status in French ('Envoyé', 'Échec', …). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <ToneBadge tone={tone[status]} data-status={status}>
      {adminFr.emails.status[status]}
    </ToneBadge>
  );
}
