import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Archive, ArchiveRestore, Mail, MailOpen, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { resultOf, toastSuccess } from '../lib/errors';
import { runAction } from '../components/admin-action';
import { formatDateTime } from '../lib/money';
import { useLogError } from '../lib/use-log-error';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { FormSkeleton } from '../components/skeleton';
import { MailStatusBadge } from '../emails/mail-status-badge';
import { type AdminContactMessage } from './operations';
import ADMIN_ARCHIVE_CONTACT_MESSAGE from './graphql/admin-archive-contact-message.mutation.graphql';
import ADMIN_CONTACT_MESSAGE from './graphql/admin-contact-message.query.graphql';
import ADMIN_MARK_CONTACT_MESSAGE from './graphql/admin-mark-contact-message.mutation.graphql';
import ADMIN_REPLY_CONTACT_MESSAGE from './graphql/admin-reply-contact-message.mutation.graphql';

const t = adminFr.contact;

/** What a change must refresh: the lists (folders, unread styles) and the sidebar's badge. */
const REFRESH = ['AdminContactMessages', 'AdminContactUnread'];

/**
 * The message's actions: opening an unread message reads it (once per opening); 'Marquer comme
 * non lu' closes it, as does archiving; a reply is sent to the visitor's address.
 */
function useContactActions(message: AdminContactMessage, onClose: () => void) {
  const [mark, marking] = useApolloMutation(ADMIN_MARK_CONTACT_MESSAGE, { refetchQueries: REFRESH });
  const [archive, archiving] = useApolloMutation(ADMIN_ARCHIVE_CONTACT_MESSAGE, { refetchQueries: REFRESH });
  const [reply, replying] = useApolloMutation(ADMIN_REPLY_CONTACT_MESSAGE, { refetchQueries: REFRESH });

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || message.readAt) return;
    opened.current = true;
    mark({ variables: { id: message.id, read: true } }).catch((err: unknown) => console.error('AdminMarkContactMessage', err));
  }, [message.id, message.readAt, mark]);

  const toggleRead = () =>
    runAction(async () => {
      const { data } = await mark({ variables: { id: message.id, read: !message.readAt } });
      resultOf(data, 'adminMarkContactMessage');
      if (message.readAt) onClose();
    }, t.actionFailure);

  const toggleArchive = () =>
    runAction(async () => {
      const archived = !message.archivedAt;
      const { data } = await archive({ variables: { id: message.id, archived } });
      resultOf(data, 'adminArchiveContactMessage');
      toastSuccess(archived ? t.archivedToast : t.unarchivedToast);
      onClose();
    }, t.actionFailure);

  const sendReply = (body: string) =>
    runAction(async () => {
      const { data } = await reply({ variables: { id: message.id, body } });
      resultOf(data, 'adminReplyContactMessage');
      toastSuccess(t.replySent, t.replySentText(message.email));
    }, t.replyFailure);

  return { toggleRead, toggleArchive, sendReply, busy: marking.loading || archiving.loading || replying.loading, replying: replying.loading };
}

function ContactActions({ message, busy, onToggleRead, onToggleArchive }: { message: AdminContactMessage; busy: boolean; onToggleRead(): void; onToggleArchive(): void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={onToggleRead}>
        {message.readAt ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
        {message.readAt ? t.markUnread : t.markRead}
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={onToggleArchive}>
        {message.archivedAt ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
        {message.archivedAt ? t.unarchive : t.archive}
      </Button>
    </div>
  );
}

function ContactReplies({ id, replies }: { id: string; replies: AdminContactMessage['replies'] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold">
        {t.replies}
      </h3>
      {replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noReply}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="contact-replies">
          {replies.map((r) => (
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
  );
}

/** 'Répondre': the reply's text (required), emptied once it is sent. */
function ReplyForm({ id, sending, onSend }: { id: string; sending: boolean; onSend(body: string): Promise<boolean> }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (!body.trim()) {
      setError(t.replyRequired);
      return;
    }
    if (await onSend(body.trim())) setBody('');
  };
  return (
    <form
      noValidate
      aria-label={t.reply}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField id={id} label={t.replyLabel} error={error}>
        <Textarea
          rows={4}
          value={body}
          maxLength={10000}
          disabled={sending}
          placeholder={t.replyPlaceholder}
          onChange={(e) => {
            setBody(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          <Send aria-hidden="true" />
          {sending ? t.sendingReply : t.sendReply}
        </Button>
      </div>
    </form>
  );
}

function Detail({ message, onClose }: { message: AdminContactMessage; onClose(): void }) {
  const id = useId();
  const actions = useContactActions(message, onClose);
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ContactActions message={message} busy={actions.busy} onToggleRead={() => void actions.toggleRead()} onToggleArchive={() => void actions.toggleArchive()} />
      <div className="rounded-md border bg-muted/30 p-3">
        <p className="mb-2 text-xs font-medium text-muted-foreground">{message.subjectLabel}</p>
        <p className="text-sm break-words whitespace-pre-wrap" data-testid="contact-message-body">
          {message.message}
        </p>
      </div>
      <ContactReplies id={`${id}-replies`} replies={message.replies} />
      <ReplyForm id={`${id}-reply`} sending={actions.replying} onSend={actions.sendReply} />
    </div>
  );
}

/** A contact message opened: its text, its replies with their delivery, the reply form and its actions. */
export function ContactDetailDialog({ messageId, onClose }: { messageId: string | null; onClose(): void }) {
  const open = messageId !== null;
  const { data, loading, error } = useApolloQuery(ADMIN_CONTACT_MESSAGE, { variables: { id: messageId ?? '' }, skip: !open, fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminContactMessage');
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
