import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Archive, ArchiveRestore, Mail, MailOpen, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { formatDateTime } from '../lib/money';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { FormSkeleton } from '../components/skeleton';
import { MailStatusBadge } from '../emails/mail-status-badge';
import {
  ADMIN_ARCHIVE_CONTACT_MESSAGE,
  ADMIN_CONTACT_MESSAGE,
  ADMIN_MARK_CONTACT_MESSAGE,
  ADMIN_REPLY_CONTACT_MESSAGE,
  type AdminContactMessage,
} from './operations';

const t = adminFr.contact;

/** What a change must refresh: the lists (folders, unread styles) and the sidebar's badge. */
const REFRESH = ['AdminContactMessages', 'AdminContactUnread'];

function Detail({ message, onClose }: { message: AdminContactMessage; onClose(): void }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [mark, marking] = useApolloMutation(ADMIN_MARK_CONTACT_MESSAGE, { refetchQueries: REFRESH });
  const [archive, archiving] = useApolloMutation(ADMIN_ARCHIVE_CONTACT_MESSAGE, { refetchQueries: REFRESH });
  const [reply, replying] = useApolloMutation(ADMIN_REPLY_CONTACT_MESSAGE, { refetchQueries: REFRESH });
  const busy = marking.loading || archiving.loading || replying.loading;

  // Opening an unread message reads it (once per opening).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || message.readAt) return;
    opened.current = true;
    mark({ variables: { id: message.id, read: true } }).catch((err: unknown) => console.error('AdminMarkContactMessage', err));
  }, [message.id, message.readAt, mark]);

  const toggleRead = async () => {
    try {
      const { data } = await mark({ variables: { id: message.id, read: !message.readAt } });
      resultOf(data, 'adminMarkContactMessage');
      if (message.readAt) onClose();
    } catch (err) {
      reportFailure(err, t.actionFailure);
    }
  };

  const toggleArchive = async () => {
    const archived = !message.archivedAt;
    try {
      const { data } = await archive({ variables: { id: message.id, archived } });
      resultOf(data, 'adminArchiveContactMessage');
      toastSuccess(archived ? t.archivedToast : t.unarchivedToast);
      onClose();
    } catch (err) {
      reportFailure(err, t.actionFailure);
    }
  };

  const sendReply = async () => {
    if (!body.trim()) {
      setError(t.replyRequired);
      return;
    }
    try {
      const { data } = await reply({ variables: { id: message.id, body: body.trim() } });
      resultOf(data, 'adminReplyContactMessage');
      toastSuccess(t.replySent, t.replySentText(message.email));
      setBody('');
    } catch (err) {
      reportFailure(err, t.replyFailure);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void toggleRead()}>
          {message.readAt ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
          {message.readAt ? t.markUnread : t.markRead}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void toggleArchive()}>
          {message.archivedAt ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
          {message.archivedAt ? t.unarchive : t.archive}
        </Button>
      </div>
      <div className="rounded-md border bg-muted/30 p-3">
        <p className="mb-2 text-xs font-medium text-muted-foreground">{message.subjectLabel}</p>
        <p className="text-sm break-words whitespace-pre-wrap" data-testid="contact-message-body">
          {message.message}
        </p>
      </div>
      <section aria-labelledby={`${id}-replies`}>
        <h3 id={`${id}-replies`} className="mb-2 text-sm font-semibold">
          {t.replies}
        </h3>
        {message.replies.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noReply}</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="contact-replies">
            {message.replies.map((r) => (
              <li key={r.id} className="rounded-md border p-3">
                <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                  <span>{t.repliedBy(r.senderName, formatDateTime(r.sentAt))}</span>
                  <MailStatusBadge status={r.delivery} />
                </div>
                <p className="text-sm break-words whitespace-pre-wrap">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <form
        noValidate
        aria-label={t.reply}
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void sendReply();
        }}
      >
        <FormField id={`${id}-reply`} label={t.replyLabel} error={error}>
          <Textarea
            rows={4}
            value={body}
            maxLength={10000}
            disabled={replying.loading}
            placeholder={t.replyPlaceholder}
            onChange={(e) => {
              setBody(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={replying.loading}>
            <Send aria-hidden="true" />
            {replying.loading ? t.sendingReply : t.sendReply}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** A contact message opened: its text, its replies with their delivery, the reply form and its actions. */
export function ContactDetailDialog({ messageId, onClose }: { messageId: string | null; onClose(): void }) {
  const open = messageId !== null;
  const { data, loading, error } = useApolloQuery(ADMIN_CONTACT_MESSAGE, { variables: { id: messageId ?? '' }, skip: !open, fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (error) console.error('AdminContactMessage', error);
  }, [error]);
  const message = open ? data?.adminContactMessage : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words">{message ? message.name : t.open}</DialogTitle>
          <DialogDescription className="break-words">{message ? t.detailText(message.email, formatDateTime(message.receivedAt)) : adminFr.common.loading}</DialogDescription>
        </DialogHeader>
        {message ? <Detail key={message.id} message={message} onClose={onClose} /> : loading ? <FormSkeleton fields={3} /> : <p className="text-sm">{t.loadFailure}</p>}
      </DialogContent>
    </Dialog>
  );
}
