import { z } from 'zod';
import { isUuid } from '../shared/sql';

/** Internal messages' words (spec 'Admin messages' verbatim, then ours). */
export const MESSAGES_TEXT = {
  subjectAndContent: 'Veuillez remplir le sujet et le contenu.',
  recipientRequired: 'Veuillez sélectionner un destinataire.',
  recipientUnknown: "Ce destinataire n'existe pas ou son compte est désactivé.",
  subjectLong: 'Le sujet ne doit pas dépasser 200 caractères',
  contentLong: 'Le message ne doit pas dépasser 10000 caractères',
  notFound: 'Message introuvable.',
  alreadyRead: 'Ce message est déjà marqué comme lu.',
  groupNotMarkable: 'Un message envoyé à tous les utilisateurs ne peut pas être marqué comme lu par un administrateur.',
  searchLong: 'La recherche ne doit pas dépasser 200 caractères',
  teamName: "L'équipe LBF",
  /** The spec's « Destinataire » of a group message. */
  everyone: 'Tous les utilisateurs',
} as const;

export { isUuid } from '../shared/sql';
export { displayName } from '../users';

/** The compose dialog: subject and content required (the spec's one sentence), a recipient unless to all. */
export const sendMessageSchema = z
  .object({
    toAll: z.boolean(),
    recipientId: z.string().trim().nullish().transform((v) => (v ? v : null)),
    subject: z.string().trim().min(1, MESSAGES_TEXT.subjectAndContent).max(200, MESSAGES_TEXT.subjectLong),
    content: z.string().trim().min(1, MESSAGES_TEXT.subjectAndContent).max(10_000, MESSAGES_TEXT.contentLong),
  })
  .superRefine((v, issue) => {
    if (!v.toAll && !v.recipientId) issue.addIssue({ code: 'custom', path: ['recipientId'], message: MESSAGES_TEXT.recipientRequired });
    else if (!v.toAll && !isUuid(v.recipientId)) issue.addIssue({ code: 'custom', path: ['recipientId'], message: MESSAGES_TEXT.recipientUnknown });
  });

export type SendMessageInput = z.output<typeof sendMessageSchema>;

export const recipientsArgsSchema = z.object({
  search: z.string().trim().max(200, MESSAGES_TEXT.searchLong).nullish().transform((v) => (v ? v : null)),
  first: z.number().int().min(1).max(100).nullish().transform((v) => v ?? 20),
});

/** read / total × 100, rounded; 0 with no message. */
export function readRatePercent(read: number, total: number): number {
  return total > 0 ? Math.round((read / total) * 100) : 0;
}
