/**
 * « Supprimer mon compte » (issue 23): the customer area's section and dialog, the pending state with
 * « Annuler la suppression », and the reminder shown after signing in during the grace period. The
 * durations come from the one source the privacy page and the services read (proto-events RETENTION).
 */
import { RETENTION as R } from '@lbf/proto-events/src/retention';

export const accountDeletionText = {
  section: {
    title: 'Supprimer mon compte',
    intro: `Votre compte et vos données sont effacés ${R.deletionDays} jours après votre demande ; d'ici là, votre compte reste actif et vous pouvez annuler.`,
    open: 'Supprimer mon compte',
    loading: 'Chargement de votre compte...',
  },
  dialog: {
    title: 'Supprimer mon compte',
    description: (date: string) => `Votre compte sera supprimé le ${date}. D'ici là, il reste actif et vous pouvez annuler la suppression.`,
    deletedTitle: 'Ce qui sera supprimé',
    deleted: [
      'Votre profil : nom, adresse e-mail, téléphone et mot de passe',
      'Vos sessions et votre historique de connexion',
      "L'accès à vos vidéos et guides, vos copies personnalisées des guides et votre progression",
      "Vos messages, vos messages de contact et votre inscription à la lettre d'information",
      'Vos visites et vos statistiques liées au compte',
    ],
    keptTitle: 'Ce qui est conservé',
    kept: [
      `Vos commandes et reçus, pendant la durée légale (${R.orderYears} ans), sans votre nom, votre adresse e-mail ni votre téléphone`,
      "Une empreinte illisible de votre adresse e-mail sur notre liste d'exclusion, pour ne plus jamais vous envoyer la lettre d'information",
    ],
    password: 'Mot de passe',
    passwordHint: 'Saisissez votre mot de passe pour confirmer.',
    passwordRequired: 'Veuillez saisir votre mot de passe.',
    cancel: 'Annuler',
    confirm: 'Supprimer mon compte',
    pending: 'Suppression...',
    done: 'Suppression programmée',
    doneText: (date: string) => `Votre compte sera supprimé le ${date}.`,
    failure: 'Impossible de programmer la suppression de votre compte.',
  },
  pending: {
    title: (date: string) => `Votre compte sera supprimé le ${date}`,
    text: "Jusqu'à cette date, votre compte reste actif. Si vous changez d'avis, annulez la suppression.",
    byAdministrator: 'Cette suppression a été demandée en votre nom auprès de notre équipe.',
    cancel: 'Annuler la suppression',
    cancelling: 'Annulation...',
    keep: 'Continuer',
    cancelled: 'Suppression annulée',
    cancelledText: 'Votre compte est conservé.',
    cancelFailure: "Impossible d'annuler la suppression.",
  },
} as const;
