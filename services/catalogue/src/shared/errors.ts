import { UserError } from '@lbf/service-kit';

/**
 * Catalogue's reasons (the SDL's UserError.code). INVALID_FILE: the file's content is not what the
 * field needs (checked on the bytes, not the name or claimed type); UPLOAD_NOT_FOUND: the upload id
 * is unknown, already used or expired; UPLOAD_INCOMPLETE: its file has not been received (yet);
 * NOT_PURCHASED: the viewer does not own the item (no entitlement from commerce).
 * NOT_READY: the video's streaming ladder is not built yet; NO_PREVIEW: it has no free preview.
 * RATE_LIMITED: a signed-out visitor started too many free previews (per visitor and per IP).
 */
export type CatalogueErrorCode =
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'INVALID_FILE'
  | 'FILE_TOO_LARGE'
  | 'UPLOAD_NOT_FOUND'
  | 'UPLOAD_INCOMPLETE'
  | 'NOT_PURCHASED'
  | 'NOT_READY'
  | 'NO_PREVIEW'
  | 'RATE_LIMITED';

/** A refusal of a catalogue mutation (the kit's UserError), French and ready to show; `field` names the form field. */
export function catalogueError(code: CatalogueErrorCode, message: string, field: string | null = null): UserError {
  return new UserError(code, message, { field });
}

/** Messages of the spec (section 5) verbatim, and the service's own in the same voice. */
export const messages = {
  videoRequired: 'Le titre et le fichier vidéo sont obligatoires.',
  invalidVideo: 'Veuillez sélectionner un fichier vidéo valide.',
  invalidThumbnail: 'Veuillez sélectionner une image valide pour la miniature.',
  pdfRequired: 'Le titre et le fichier PDF sont obligatoires.',
  invalidPdf: 'Veuillez sélectionner un fichier PDF valide.',
  encryptedPdf: 'Ce PDF est protégé (chiffré) : enregistrez-le sans protection puis envoyez-le à nouveau, afin que chaque copie vendue puisse porter le nom de son acheteur.',
  invalidIllustration: 'Veuillez sélectionner une image valide.',
  tooLarge: (limit: string) => `Le fichier dépasse la taille maximale autorisée (${limit}).`,
  uploadNotFound: "Le fichier envoyé est introuvable ou a expiré. Veuillez l'envoyer à nouveau.",
  uploadIncomplete: "Le fichier n'a pas encore été reçu en entier. Attendez la fin de l'envoi puis réessayez.",
  invalidPrice: 'Le prix doit être un montant positif, par exemple 3.59.',
  invalidDuration: 'La durée doit être un nombre entier de secondes.',
  invalidCategory: 'Veuillez choisir une catégorie.',
  titleRequired: 'Le titre est obligatoire.',
  tooLong: (what: string, max: number) => `${what} ne peut pas dépasser ${max} caractères.`,
  videoNotFound: 'Vidéo introuvable.',
  alreadyProcessing: 'La vidéo est déjà en cours de traitement. Attendez la fin avant de relancer.',
  invalidPreviewSeconds: "La durée de l'aperçu doit être un nombre entier de secondes entre 10 et 600.",
  pdfNotFound: 'PDF introuvable.',
  notPurchased: 'Achetez ce guide pour le télécharger.',
  articleNotFound: 'Article non trouvé',
  testimonialNotFound: 'Témoignage introuvable.',
  articleRequired: 'Le titre, le résumé, le contenu et l’auteur sont obligatoires.',
  testimonialRequired: 'Le nom et le témoignage sont obligatoires.',
  invalidRating: 'La note doit être comprise entre 1 et 5.',
  invalidEmail: 'Veuillez entrer une adresse email valide',
  invalidUrl: 'Veuillez entrer une adresse web valide (https://…).',
  invalidTaxId: "Veuillez entrer un identifiant fiscal (NIU) valide : une lettre, 12 chiffres et une lettre (ex. M012345678901A).",
  invalidFileName: 'Le nom du fichier est invalide.',
  videoNotReady: 'Cette vidéo est en cours de préparation. Réessayez dans quelques minutes.',
  noPreview: "Cette vidéo n'a pas d'aperçu gratuit. Achetez-la pour la regarder.",
  previewRateLimited: "Trop d'aperçus lancés depuis votre connexion. Veuillez réessayer dans quelques minutes.",
  invalidVisitorId: 'Identifiant de visiteur invalide.',
  videoNotPurchased: 'Achetez cette vidéo pour la regarder en entier.',
  invalidPosition: 'La position de lecture doit être un nombre de secondes positif.',
} as const;
