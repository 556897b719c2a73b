import { Copy, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { copyText } from '@/components/content/share';
import { toastFailure, toastSuccess } from '../lib/errors';

/** The words of a page that shows a secret once (« API », « Webhooks »). */
export interface SecretShownText {
  secretWarning: string;
  copy: string;
  copied: string;
  copyFailure: string;
  done: string;
}

/**
 * A secret shown once, right after it was made (an API key, a webhook's signing secret): the
 * warning that it will not be shown again, the secret selected on focus, « Copier », « Terminé ».
 */
export function SecretShown({ secret, text: t, testId, onDone }: { secret: string; text: SecretShownText; testId: string; onDone(): void }) {
  const copy = async () => ((await copyText(secret)) ? toastSuccess(t.copied) : toastFailure(t.copyFailure));
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive" role="alert">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t.secretWarning}
      </p>
      <div className="flex gap-2">
        <Input readOnly value={secret} className="font-mono" data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t.copy}
        </Button>
      </div>
      <Button type="button" className="self-end" onClick={onDone}>
        {t.done}
      </Button>
    </div>
  );
}
