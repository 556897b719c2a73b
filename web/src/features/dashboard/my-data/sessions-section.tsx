import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useApolloMutation } from '@/data/hooks';
import { myDataText } from '@/i18n/my-data';
import { formatSiteDateTime } from '@/lib/format/date';
import { toastUnexpected, toastUserError } from '@/lib/show-error';
import { type MyData, type MySession } from './operations';
import { SectionHeading } from '../section-heading';
import REVOKE_OTHER_SESSIONS from './graphql/revoke-other-sessions.mutation.graphql';
import REVOKE_SESSION from './graphql/revoke-session.mutation.graphql';

const t = myDataText.sessions;

const ICONS = { mobile: Smartphone, tablet: Tablet } as Record<string, typeof Laptop>;

/** A mutation's refusal or fault as a toast; its success as `done`'s. */
async function run<T extends { error?: { title: string | null; message: string } | null } | undefined>(call: () => Promise<T>, done: (result: T) => void) {
  try {
    const result = await call();
    if (result?.error) toastUserError(result.error);
    else done(result);
  } catch {
    toastUnexpected();
  }
}

function SessionRow({ session, onRevoke }: { session: MySession; onRevoke(): void }) {
  const Icon = ICONS[session.deviceType ?? ''] ?? Laptop;
  const kind = session.deviceType ? t.deviceTypes[session.deviceType] : null;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="session-row" data-current={session.current}>
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t.on(session.browser ?? t.unknownBrowser, session.os)}</span>
            {session.current && <Badge>{t.current}</Badge>}
          </div>
          {kind && <span className="text-sm text-muted-foreground">{kind}</span>}
          {session.ip && <span className="text-sm text-muted-foreground">{t.ip(session.ip)}</span>}
          <span className="text-sm text-muted-foreground">{t.signedInAt(formatSiteDateTime(session.signedInAt))}</span>
          <span className="text-sm text-muted-foreground">{t.lastUsedAt(formatSiteDateTime(session.lastUsedAt))}</span>
        </div>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="self-start sm:ml-8" onClick={onRevoke}>
          {t.revoke}
        </Button>
      )}
    </li>
  );
}

/**
 * « Appareils connectés »: each live session (this one first, marked « Cet appareil »), « Déconnecter
 * cet appareil » on the others and « Déconnecter tous les autres ». The server ends them at once: their
 * next request is refused; the answer lists what is left.
 */
export function SessionsSection({ me }: { me: MyData }) {
  const sessions = me.sessions ?? [];
  const [revokeOne] = useApolloMutation(REVOKE_SESSION);
  const [revokeOthers, others] = useApolloMutation(REVOKE_OTHER_SESSIONS);
  const hasOthers = sessions.some((s) => !s.current);
  return (
    <section aria-labelledby="my-data-sessions" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <SectionHeading id="my-data-sessions" level={3} title={t.title} intro={t.intro} />
        {hasOthers && (
          <Button
            variant="destructive"
            size="sm"
            disabled={others.loading}
            onClick={() => void run(async () => (await revokeOthers()).data?.revokeOtherSessions, (r) => toast.success(t.revokedOthersToast(r?.revoked ?? 0)))}
          >
            {t.revokeOthers}
          </Button>
        )}
      </div>
      <Card className="px-4 py-1">
        <ul className="divide-y" data-testid="sessions">
          {sessions.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              onRevoke={() => void run(async () => (await revokeOne({ variables: { id: s.id } })).data?.revokeSession, () => toast.success(t.revokedToast))}
            />
          ))}
        </ul>
        {!hasOthers && <p className="py-3 text-sm text-muted-foreground">{t.empty}</p>}
      </Card>
    </section>
  );
}
