import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast';
import { fr } from '@/i18n/fr';
import { useAuth } from './auth-context';

/** Sign-out as the header and the admin sidebar do it: toast, then home; a failure keeps the session. */
export function useSignOutAction(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast.success(fr.signOut.success);
      navigate('/', { replace: true });
    } catch {
      toast.error(fr.common.error, { description: fr.signOut.failure });
    }
  }, [signOut, navigate]);
}
