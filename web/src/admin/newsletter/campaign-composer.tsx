import { useApolloMutation } from '@/data/hooks';
import { FlaskConical, Send } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminFr } from '@/i18n/admin';
import { resultOf, toastSuccess } from '../lib/errors';
import { runAction } from '../components/admin-action';
import { DialogActions } from '../components/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { CampaignProgress } from './campaign-progress';
import { type AdminCampaign } from './operations';
import ADMIN_SEND_CAMPAIGN from './graphql/admin-send-campaign.mutation.graphql';
import ADMIN_SEND_TEST_CAMPAIGN from './graphql/admin-send-test-campaign.mutation.graphql';

const RichTextEditor = lazy(() => import('../articles/rich-text-editor'));

const t = adminFr.newsletter;

/** The editor's HTML holds words (not only empty paragraphs). */
function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;
}

/**
 * The campaign being written and its two sendings: 'Envoyer un test' to the administrator's own
 * address, and the campaign itself, which empties the composer and starts its progress.
 */
function useCampaignDraft(onSent: () => void) {
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [running, setRunning] = useState<AdminCampaign | null>(null);
  // The editor keeps its own document: a new key empties it after a send.
  const [editorKey, setEditorKey] = useState(0);
  const [sendTest, test] = useApolloMutation(ADMIN_SEND_TEST_CAMPAIGN);
  const [sendCampaign, send] = useApolloMutation(ADMIN_SEND_CAMPAIGN);
  const input = () => ({ subject: subject.trim(), contentHtml: content });

  const onTest = () =>
    runAction(async () => {
      const { data } = await sendTest({ variables: { input: input() } });
      const result = resultOf(data, 'adminSendTestCampaign');
      toastSuccess(t.testSent, t.testSentText(result.sentTo ?? ''));
    }, t.sendFailure);

  const onSend = () =>
    runAction(async () => {
      const { data } = await sendCampaign({ variables: { input: input() } });
      const result = resultOf(data, 'adminSendCampaign');
      if (!result.campaign) throw new Error('adminSendCampaign returned no campaign');
      setRunning(result.campaign);
      setSubject('');
      setContent('');
      setEditorKey((k) => k + 1);
      onSent();
    }, t.sendFailure);

  return {
    subject,
    setSubject,
    content,
    setContent,
    editorKey,
    running,
    filled: subject.trim().length > 0 && hasText(content),
    busy: test.loading || send.loading || (running !== null && running.status !== 'SENT'),
    testing: test.loading,
    sending: send.loading,
    onTest,
    onSend,
  };
}

/** 'Envoyer la newsletter ?' naming how many active subscribers will receive it. */
function ConfirmSendDialog({ open, activeSubscribers, onOpenChange, onConfirm }: { open: boolean; activeSubscribers: number | undefined; onOpenChange(open: boolean): void; onConfirm(): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t.confirmTitle}</DialogTitle>
          <DialogDescription>{t.confirmText(activeSubscribers ?? 0)}</DialogDescription>
        </DialogHeader>
        <DialogActions label={t.send} pendingLabel={t.send} pending={false} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} icon={<Send aria-hidden="true" />} />
      </DialogContent>
    </Dialog>
  );
}

/** Sujet and Contenu (the articles' rich text, loaded on demand). */
function CampaignFields({ id, draft }: { id: string; draft: ReturnType<typeof useCampaignDraft> }) {
  return (
    <>
      <FormField id={`${id}-subject`} label={t.subject}>
        <Input value={draft.subject} maxLength={200} placeholder={t.subjectPlaceholder} disabled={draft.busy} onChange={(e) => draft.setSubject(e.target.value)} />
      </FormField>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-content`}>{t.content}</Label>
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <RichTextEditor key={draft.editorKey} id={`${id}-content`} label={t.content} value={draft.content} onChange={draft.setContent} disabled={draft.busy} />
        </Suspense>
      </div>
    </>
  );
}

/**
 * 'Nouvelle campagne': Sujet and Contenu (the articles' rich text), 'Envoyer un test' to the
 * administrator's own address, and 'Envoyer' after a confirmation naming the active subscribers;
 * then the live progress until the campaign is SENT.
 */
export function CampaignComposer({ activeSubscribers, onSent }: { activeSubscribers: number | undefined; onSent(): void }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const draft = useCampaignDraft(onSent);
  const { filled, busy, running } = draft;
  const onDone = useCallback(() => onSent(), [onSent]);

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold">{t.compose}</h2>
      <p className="mb-4 text-sm text-muted-foreground">{t.composeHint}</p>
      <form
        aria-label={t.compose}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (filled && !busy) setConfirming(true);
        }}
      >
        <CampaignFields id={id} draft={draft} />
        {!filled && (
          <p className="text-sm text-muted-foreground" data-testid="compose-hint">
            {t.required}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={!filled || busy} onClick={() => void draft.onTest()}>
            <FlaskConical aria-hidden="true" />
            {draft.testing ? t.sendingTest : t.sendTest}
          </Button>
          <Button type="submit" disabled={!filled || busy}>
            <Send aria-hidden="true" />
            {draft.sending ? t.sending : t.send}
          </Button>
        </div>
      </form>

      {running && (
        <div className="mt-4">
          <CampaignProgress key={running.id} initial={running} onDone={onDone} />
        </div>
      )}

      <ConfirmSendDialog
        open={confirming}
        activeSubscribers={activeSubscribers}
        onOpenChange={setConfirming}
        onConfirm={() => {
          setConfirming(false);
          void draft.onSend();
        }}
      />
    </Card>
  );
}
