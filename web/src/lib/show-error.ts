import { toast } from '@/components/ui/toast';
import type { UserError } from '@/auth/operations';
import { fr } from '@/i18n/fr';

/** A server UserError not tied to a form field: destructive toast, its title or 'Erreur'. */
export function toastUserError(error: Pick<UserError, 'title' | 'message'>): void {
  toast.error(error.title ?? fr.common.error, { description: error.message });
}

export function toastUnexpected(): void {
  toast.error(fr.common.error, { description: fr.common.unexpectedError });
}
