import { useApolloMutation } from '@/data/hooks';
import { usersFr } from '@/i18n/admin/users';
import { runAction } from '../components/admin-action';
import { resultOf, toastSuccess } from '../lib/errors';
import { UserReasonDialog, type UserTarget } from './user-reason-dialog';
import ADMIN_REQUEST_DATA_EXPORT from './graphql/admin-request-data-export.mutation.graphql';

const t = usersFr.exportData;

/**
 * « Exporter les données » of the row's user, who asked by e-mail: the reason is required (identity
 * keeps it, the journal records it); the archive's link is mailed to the person, never to the
 * administrator. One export per person per day: the refusal shows as the dialog's error.
 */
export function ExportUserDataDialog({ target, onClose }: { target: UserTarget | null; onClose(): void }) {
  const [requestExport] = useApolloMutation(ADMIN_REQUEST_DATA_EXPORT);
  const confirm = async (target: UserTarget, reason: string) => {
    await runAction(async () => {
      resultOf((await requestExport({ variables: { userId: target.id, reason } })).data, 'adminRequestDataExport');
      toastSuccess(t.done, t.doneText(target.name));
    }, t.failure);
  };
  return <UserReasonDialog target={target} texts={t} onClose={onClose} onConfirm={confirm} />;
}
