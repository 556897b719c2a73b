import type { TypedDocumentNode } from '@apollo/client';
import { useApolloMutation } from '@/data/hooks';
import { useState } from 'react';
import type { DeleteResult } from '../api/catalogue';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { ConfirmDeleteDialog } from './confirm-dialog';

/**
 * The delete button of a list: `askDelete(row)` opens 'Confirmer la suppression' with the
 * screen's sentence (`texts.confirmDelete`); on confirmation runs the delete mutation, then the
 * screen's toast (`texts.deleted`, with `deletedText(row)` under it when given), `onDeleted(row)`
 * and `reload()`; a failure is the screen's toast. Render `dialog` once in the screen.
 */
export function useDeleteRow<T extends { id: string }, K extends string>({
  mutation,
  field,
  texts,
  deletedText,
  onDeleted,
  reload,
}: {
  mutation: TypedDocumentNode<{ [F in K]: DeleteResult }, { id: string }>;
  field: K;
  texts: { confirmDelete: string; deleteFailure: string; deleted: string };
  deletedText?(row: T): string;
  onDeleted?(row: T): void;
  reload(): Promise<unknown>;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [runDelete] = useApolloMutation(mutation);

  const remove = async (row: T) => {
    try {
      const { data } = await runDelete({ variables: { id: row.id } });
      if (!resultOf(data, field).ok) throw new Error(`${field} refused`);
      toastSuccess(texts.deleted, deletedText?.(row));
      onDeleted?.(row);
      await reload();
    } catch (err) {
      reportFailure(err, texts.deleteFailure);
    }
  };

  const dialog = (
    <ConfirmDeleteDialog
      open={deleting !== null}
      description={texts.confirmDelete}
      onOpenChange={(open) => !open && setDeleting(null)}
      onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
    />
  );
  return { askDelete: setDeleting, dialog };
}
