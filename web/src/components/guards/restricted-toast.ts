import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { fr } from '@/i18n/fr';

/** Every guard's refusal: the destructive 'Accès restreint' toast (one at a time), with why. */
export function useRestrictedToast(denied: boolean, description: string): void {
  useEffect(() => {
    if (denied) toast.error(fr.guards.restrictedTitle, { id: 'access-restricted', description });
  }, [denied, description]);
}
