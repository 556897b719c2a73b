import type { TypedDocumentNode } from '@apollo/client';
import { useApolloMutation } from '@/data/hooks';
import { useState } from 'react';
import type { DeleteResult } from '../api/catalogue';
import { reportFailure, resultOf } from '../lib/errors';
import { ConfirmDeleteDialog } from './confirm-dialog';

/**
 * The delete button of a list: `askDelete(row)` opens 'Confirmer la suppression' with the
 * screen's sentence; on confirmation runs the delete mutation, then `onDeleted(row)` (its toast)
 * and `reload()`; a failure is the screen's toast. Render `dialog` once in the screen.
 */
export function useDeleteRow<T extends { id: string }, K extends string>({
  mutation,
  field,
  confirm,
  failure,
  onDeleted,
  reload,
}: {
  mutation: TypedDocumentNode<{ [F in K]: DeleteResult }, { id: string }>;
  field: K;
  confirm: string;
  failure: string;
  onDeleted(row: T): void;
  reload(): Promise<unknown>;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [runDelete] = useApolloMutation(mutation);

  const remove = async (row: T) => {
    try {
      const { data } = await runDelete({ variables: { id: row.id } });
      if (!resultOf(data, field).ok) throw new Error(`${field} refused`);
      onDeleted(row);
      await reload();
    } catch (err) {
      reportFailure(err, failure);
    }
  };

  const dialog = (
    <ConfirmDeleteDialog
      open={deleting !== null}
      description={confirm}
      onOpenChange={(open) => !open && setDeleting(null)}
      onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
    />
  );
  return { askDelete: setDeleting, dialog };
}
