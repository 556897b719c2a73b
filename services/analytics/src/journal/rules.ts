import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, adminActionLabel, adminTargetTypeLabel, type AdminActionRecorded } from '@lbf/proto-events';
import { z } from 'zod';

/** The journal's pure rules: the filter's input, the search text of an entry, the CSV's columns. */

/** The « Administrateur » filter's value for what the command line did (admin:create). */
export const COMMAND_LINE = 'COMMAND_LINE';
export const COMMAND_LINE_LABEL = 'Ligne de commande';

export const JOURNAL_PAGE_SIZE_MAX = 100;

export const journalFilter = z
  .object({
    actor: z.union([z.uuid({ message: 'Administrateur inconnu.' }), z.literal(COMMAND_LINE)]).nullish(),
    action: z.string().trim().max(80).nullish(),
    targetType: z.string().trim().max(40).nullish(),
    from: z.iso.date({ message: 'Date invalide.' }).nullish(),
    to: z.iso.date({ message: 'Date invalide.' }).nullish(),
    search: z.string().trim().max(200).nullish(),
  })
  .nullish();

export type JournalFilter = z.infer<typeof journalFilter>;

export const journalPage = z.object({
  page: z.number().int().min(1).max(100_000).nullish().transform((v) => v ?? 1),
  pageSize: z.number().int().min(1).max(JOURNAL_PAGE_SIZE_MAX).nullish().transform((v) => v ?? 25),
});

/** Lowercase without accents: what the free-text search compares, on both sides. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** What the free text finds an entry by: who, from where, what, on what. */
export function searchTextOf(e: AdminActionRecorded): string {
  const parts = [e.actor.name, e.actor.email, e.ip, e.userAgent, e.action, adminActionLabel(e.action), adminTargetTypeLabel(e.target.type), e.target.id, e.target.label];
  return searchable(parts.filter((p): p is string => !!p).join(' \u2022 '));
}

/** A filter's choice: its value and its French label. */
export interface JournalChoice {
  value: string;
  label: string;
}

/** Every action this build knows, then any other code the journal holds (recorded by a newer producer). */
export function actionChoices(inJournal: readonly string[]): JournalChoice[] {
  const known = Object.entries(ADMIN_ACTIONS).map(([value, def]) => ({ value, label: def.label }));
  const others = inJournal.filter((code) => !(code in ADMIN_ACTIONS)).map((value) => ({ value, label: value }));
  return [...known, ...others];
}

export function targetTypeChoices(inJournal: readonly string[]): JournalChoice[] {
  const known = Object.entries(ADMIN_TARGET_TYPES).map(([value, label]) => ({ value, label }));
  const others = inJournal.filter((type) => !(type in ADMIN_TARGET_TYPES)).map((value) => ({ value, label: value }));
  return [...known, ...others];
}

/** « Nom <e-mail> » of an administrator, or what is known of them; « Intégration « ERP » » for an API key. */
export function actorLabel(a: { actorId: string | null; actorName: string | null; actorEmail: string | null; origin?: string }): string {
  if (!a.actorId) return COMMAND_LINE_LABEL;
  if (a.origin === 'integration') return `Intégration « ${a.actorName ?? a.actorId} »`;
  if (a.actorName && a.actorEmail) return `${a.actorName} <${a.actorEmail}>`;
  return a.actorName ?? a.actorEmail ?? a.actorId;
}

/** admin-journal.csv's columns (French, the kit's writer does the rest). */
export const JOURNAL_CSV_HEADER = [
  'Date',
  'Administrateur',
  'E-mail',
  'Adresse IP',
  'Navigateur',
  'Action',
  'Type de cible',
  'Cible',
  'Identifiant de la cible',
  'Détails',
  'Service',
  'Identifiant',
] as const;
