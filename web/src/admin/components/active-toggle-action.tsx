import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { reportFailure, toastSuccess } from '../lib/errors';
import { IconAction } from './icon-action';

/** A list's words for showing or hiding a row (« Activer », « Désactiver », and each named for the row). */
export interface ActiveToggleTexts {
  activate: string;
  deactivate: string;
  activateAction(name: string): string;
  deactivateAction(name: string): string;
  activated: string;
  deactivated: string;
  toggleFailure: string;
}

/**
 * Turning a row on or off: `change` saves the opposite of `isActive(row)`; the row is busy meanwhile,
 * then the outcome is a toast (« Activé » / « Désactivé », or the failure's).
 */
export function useActiveToggle<R extends { id: string }>(isActive: (row: R) => boolean, change: (row: R) => Promise<unknown>, texts: ActiveToggleTexts) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const toggle = async (row: R) => {
    setBusyId(row.id);
    try {
      await change(row);
      toastSuccess(isActive(row) ? texts.deactivated : texts.activated);
    } catch (err) {
      reportFailure(err, texts.toggleFailure);
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, toggle };
}

/** The row action that turns an item on or off (a testimonial, a promo code), disabled while it changes. */
export function ActiveToggleAction({ active, name, texts, busy, onToggle }: { active: boolean; name: string; texts: ActiveToggleTexts; busy: boolean; onToggle(): void }) {
  return (
    <IconAction label={active ? texts.deactivateAction(name) : texts.activateAction(name)} tooltip={active ? texts.deactivate : texts.activate} disabled={busy} onClick={onToggle}>
      {active ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
    </IconAction>
  );
}
