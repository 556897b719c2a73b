import { ActionConfirmDialog } from '../components/action-confirm-dialog';

export interface UserTarget {
  id: string;
  name: string;
}

/** A row action's words (usersFr.deleteData, usersFr.exportData): the sentence names the user. */
export interface UserReasonTexts {
  title: string;
  description(name: string): string;
  confirm: string;
  pending: string;
  reason: string;
  reasonPlaceholder: string;
  reasonRequired: string;
}

/** An action on the row's user that needs a reason (the server keeps it, the journal records it). */
export function UserReasonDialog({
  target,
  texts,
  destructive,
  onClose,
  onConfirm,
}: {
  target: UserTarget | null;
  texts: UserReasonTexts;
  destructive?: boolean;
  onClose(): void;
  onConfirm(target: UserTarget, reason: string): Promise<void>;
}) {
  return (
    <ActionConfirmDialog
      open={target !== null}
      destructive={destructive}
      texts={{
        title: texts.title,
        description: target ? texts.description(target.name) : '',
        confirm: texts.confirm,
        pending: texts.pending,
        reasonLabel: texts.reason,
        reasonPlaceholder: texts.reasonPlaceholder,
        reasonRequired: texts.reasonRequired,
      }}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={(reason) => (target ? onConfirm(target, reason) : Promise.resolve())}
    />
  );
}
