import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useApolloMutation } from '@/data/hooks';
import { myDataText } from '@/i18n/my-data';
import { formatFullDay, formatSiteDateTime } from '@/lib/format/date';
import { toastUnexpected, toastUserError } from '@/lib/show-error';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type MyConsent, type MyData } from './operations';
import SET_HEALTH_DATA_CONSENT from './graphql/set-health-data-consent.mutation.graphql';

const t = myDataText.consents;
const h = myDataText.health;

function ConsentRow({ consent }: { consent: MyConsent }) {
  const live = !consent.withdrawnAt;
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="consent-row" data-kind={consent.kind}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{t.kinds[consent.kind]}</span>
        <Badge variant={live ? 'default' : 'secondary'}>{live ? t.active : t.ended}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{t.given(formatSiteDateTime(consent.givenAt), t.sources[consent.source])}</p>
      {consent.withdrawnAt && <p className="text-sm text-muted-foreground">{t.withdrawn(formatSiteDateTime(consent.withdrawnAt))}</p>}
      <p className="text-xs text-muted-foreground">{t.version(formatFullDay(consent.version))}</p>
    </li>
  );
}

/** The health-data consent as it stands, and its change behind a confirmation. */
function HealthConsent({ given }: { given: boolean }) {
  const [open, setOpen] = useState(false);
  const [setConsent] = useApolloMutation(SET_HEALTH_DATA_CONSENT);
  const change = async () => {
    try {
      const { data } = await setConsent({ variables: { input: { given: !given, source: 'ACCOUNT' } } });
      const error = data?.setHealthDataConsent.error;
      if (error) toastUserError(error);
      else toast.success(given ? h.withdrawnToast : h.givenToast);
    } catch {
      toastUnexpected();
    }
  };
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="health-consent" data-given={given}>
      <div className="flex items-center gap-2">
        <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
        <h4 className="font-semibold">{h.title}</h4>
      </div>
      <p className="text-sm">{given ? h.givenText : h.notGivenText}</p>
      <Button variant={given ? 'outline' : 'default'} className="self-start" onClick={() => setOpen(true)}>
        {given ? h.withdraw : h.give}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={given ? h.confirmWithdrawTitle : h.confirmGiveTitle}
        text={given ? h.confirmWithdrawText : h.confirmGiveText}
        confirm={given ? h.confirmWithdraw : h.confirmGive}
        cancel={h.cancel}
        destructive={given}
        onConfirm={change}
      />
    </Card>
  );
}

/** « Mes consentements »: the health-data consent (given or not, withdrawable), then the whole history with dates and versions. */
export function ConsentsSection({ me }: { me: MyData }) {
  const consents = me.consents ?? [];
  return (
    <section aria-labelledby="my-data-consents" className="flex flex-col gap-3">
      <h3 id="my-data-consents" className="text-lg font-semibold">
        {t.title}
      </h3>
      <HealthConsent given={Boolean(me.healthDataConsent)} />
      {consents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <Card className="px-4 py-1">
          <ul className="divide-y" data-testid="consents">
            {consents.map((c) => (
              <ConsentRow key={`${c.kind}-${c.givenAt}`} consent={c} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
