import { useApolloMutation } from '@/data/hooks';
import { usersFr } from '@/i18n/admin/users';
import { runAction } from '../components/admin-action';
import { resultOf, toastSuccess } from '../lib/errors';
import { UserReasonDialog, type UserTarget } from './user-reason-dialog';
import { formatDay } from '../lib/money';
import ADMIN_DELETE_USER from './graphql/admin-delete-user.mutation.graphql';

const t = usersFr.deleteData;

/**
 * « Supprimer les données » of the row's user, who asked by e-mail: the reason is required (identity
 * keeps it with the administrator's id); the account goes at the end of the same grace period as the
 * person's own request, which they may cancel by signing in. The outcome is a toast; the table shows
 * « Suppression le … » on the row.
 */
export function DeleteUserDataDialog({ target, onClose }: { target: UserTarget | null; onClose(): void }) {
  const [deleteUser] = useApolloMutation(ADMIN_DELETE_USER, { refetchQueries: ['AdminUsersPage'], awaitRefetchQueries: true });
  const confirm = async (target: UserTarget, reason: string) => {
    await runAction(async () => {
      const result = resultOf((await deleteUser({ variables: { userId: target.id, reason } })).data, 'adminDeleteUser');
      const date = result.user?.pendingDeletion?.scheduledFor;
      toastSuccess(t.done, date ? t.doneText(target.name, formatDay(date)) : undefined);
    }, t.failure);
  };
  return <UserReasonDialog target={target} texts={t} destructive onClose={onClose} onConfirm={confirm} />;
}
