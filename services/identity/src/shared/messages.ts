/**
 * Every French text identity sends to a person, in one place. Where the spec words a message it
 * is copied verbatim; the others follow its tone.
 */
export const messages = {
  required: 'Ce champ est obligatoire.',
  fillAllFields: 'Veuillez remplir tous les champs',
  emailInvalid: 'Veuillez entrer une adresse email valide',
  nameTooLong: 'Ce champ ne doit pas dépasser 100 caractères.',
  passwordsMismatch: 'Les mots de passe ne correspondent pas.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères.',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 128 caractères.',
  phoneDigitsOnly: 'Le numéro de téléphone ne doit contenir que des chiffres.',
  phoneInvalid: "Ce numéro de téléphone n'est pas valide pour le pays choisi.",
  countryInvalid: "L'indicatif du pays n'est pas valide.",
  captchaInvalid: 'Code incorrect',
  emailTaken: 'Un compte avec cet email existe déjà. Essayez de vous connecter.',
  signInErrorTitle: 'Erreur de connexion',
  invalidCredentials: 'Email ou mot de passe incorrect.',
  invalidAdminCredentials: 'Identifiants administrateur incorrects.',
  accountDisabledTitle: 'Compte désactivé',
  accountDisabled: 'Votre compte est désactivé',
  errorTitle: 'Erreur',
  unexpected: "Une erreur inattendue s'est produite.",
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  resetRequested: "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé.",
  adminResetByEmail:
    "La réinitialisation du mot de passe administrateur ne se fait pas par e-mail. Veuillez contacter l'administrateur principal.",
  resetTokenInvalid: 'Ce lien de réinitialisation est invalide ou a expiré.',
  passwordChanged: 'Mot de passe modifié. Vous pouvez vous connecter.',
  cannotBanSelf: 'Vous ne pouvez pas vous bannir vous-même.',
  cannotBanLastAdmin: 'Impossible de bannir le dernier administrateur.',
  userNotFound: 'Utilisateur introuvable.',
  banReasonTooLong: 'Le motif ne doit pas dépasser 2000 caractères.',
  unbanReasonRequired: 'Veuillez indiquer le motif de la levée du bannissement.',
  rateLimited: (minutes: number) => `Trop de tentatives. Veuillez réessayer dans ${minutes} minute(s).`,
} as const;
