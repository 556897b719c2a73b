import { z } from 'zod';
import type { ContactSubject } from '../generated/graphql';
import { pagingSchema } from '../shared/paging';

/** The contact form's words (spec §5 verbatim, then ours for what the spec does not word). */
export const CONTACT_TEXT = {
  nameShort: 'Le nom doit contenir au moins 2 caractères',
  nameLong: 'Le nom ne doit pas dépasser 100 caractères',
  emailInvalid: 'Veuillez entrer une adresse email valide',
  subjectRequired: 'Veuillez sélectionner un sujet',
  messageShort: 'Le message doit contenir au moins 10 caractères',
  messageLong: 'Le message ne doit pas dépasser 5000 caractères',
  termsRequired: 'Vous devez accepter les conditions',
  tooFast: "Merci de patienter quelques secondes avant d'envoyer votre message.",
  formExpired: 'Ce formulaire a expiré. Veuillez recharger la page puis envoyer votre message à nouveau.',
  tooManyForms: 'Trop de formulaires ouverts depuis votre connexion. Veuillez réessayer dans quelques minutes.',
  notFound: 'Message introuvable.',
  replyRequired: 'Veuillez saisir une réponse.',
  replyLong: 'La réponse ne doit pas dépasser 10000 caractères',
  searchLong: 'La recherche ne doit pas dépasser 200 caractères',
  teamName: "L'équipe LBF",
} as const;

/** The spec's five subjects: GraphQL value, stored value and French label. */
export const CONTACT_SUBJECTS: Record<ContactSubject, { stored: string; label: string }> = {
  GENERAL: { stored: 'general', label: 'Renseignement général' },
  SUPPORT: { stored: 'support', label: 'Support technique' },
  PARTNERSHIP: { stored: 'partnership', label: 'Partenariat' },
  SUBSCRIPTION: { stored: 'subscription', label: "Question sur l'abonnement" },
  OTHER: { stored: 'other', label: 'Autre sujet' },
};

const STORED_TO_SUBJECT = new Map(Object.entries(CONTACT_SUBJECTS).map(([k, v]) => [v.stored, k as ContactSubject]));

export function subjectOfStored(stored: string): ContactSubject {
  const subject = STORED_TO_SUBJECT.get(stored);
  if (!subject) throw new Error(`unknown contact subject ${stored}`);
  return subject;
}

/** The ticket's rules: how long a form stays valid, and the minimum fill time. */
export const CONTACT_TICKET = { ttlSeconds: 2 * 60 * 60, minSeconds: 3 } as const;

/** Human-sized limits: a person never reaches them, a script soon does. */
export const CONTACT_LIMITS = {
  ticketsPerIp: { points: 120, durationSeconds: 60 * 60 },
  sendsPerIp: { points: 5, durationSeconds: 60 * 60 },
  sendsPerEmail: { points: 3, durationSeconds: 60 * 60 },
} as const;

/** The contact form as the server accepts it: trimmed, the address lower-cased, the spec's messages. */
export const contactInputSchema = z.object({
  name: z.string().trim().min(2, CONTACT_TEXT.nameShort).max(100, CONTACT_TEXT.nameLong),
  email: z.string().trim().toLowerCase().max(254, CONTACT_TEXT.emailInvalid).pipe(z.email(CONTACT_TEXT.emailInvalid)),
  subject: z.enum(Object.keys(CONTACT_SUBJECTS) as [ContactSubject, ...ContactSubject[]], CONTACT_TEXT.subjectRequired),
  message: z.string().trim().min(10, CONTACT_TEXT.messageShort).max(5000, CONTACT_TEXT.messageLong),
  acceptTerms: z.literal(true, CONTACT_TEXT.termsRequired),
  ticket: z.string().trim().min(1, CONTACT_TEXT.formExpired).max(128, CONTACT_TEXT.formExpired),
  website: z.string().nullish(),
});

export type ContactInputValid = z.output<typeof contactInputSchema>;

/** The honeypot: a field people never see. Anything in it is a robot's. */
export function isHoneypotFilled(website: string | null | undefined): boolean {
  return typeof website === 'string' && website.trim().length > 0;
}

/** 'Vous avez envoyé trop de messages. Veuillez réessayer dans 12 minutes.' from the wait in ms. */
export function rateLimitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const when = minutes >= 60 ? 'dans 1 heure' : minutes === 1 ? 'dans 1 minute' : `dans ${minutes} minutes`;
  return `Vous avez envoyé trop de messages. Veuillez réessayer ${when}.`;
}

/** Seconds to wait before a ticket issued at `issuedAtMs` may be used at `nowMs`; 0 when ready. */
export function ticketWaitSeconds(issuedAtMs: number, nowMs: number, minSeconds: number = CONTACT_TICKET.minSeconds): number {
  const waitMs = issuedAtMs + minSeconds * 1000 - nowMs;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}


export const contactListArgsSchema = pagingSchema.extend({
  folder: z.enum(['INBOX', 'ARCHIVED']).nullish().transform((v) => v ?? 'INBOX'),
  search: z.string().trim().max(200, CONTACT_TEXT.searchLong).nullish().transform((v) => (v ? v : null)),
});

export const replyBodySchema = z.object({
  body: z.string().trim().min(1, CONTACT_TEXT.replyRequired).max(10_000, CONTACT_TEXT.replyLong),
});
