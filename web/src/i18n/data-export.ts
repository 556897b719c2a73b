/**
 * « Exporter mes données » (issue 23, right of access and portability): the section of « Mes données »
 * (the administrators' « Exporter les données » is in admin/users). The link's life comes from the one source the
 * privacy page and the services read (proto-events RETENTION).
 */
import { RETENTION as R } from '@lbf/proto-events/src/retention';

export const dataExportText = {
  section: {
    title: 'Exporter mes données',
    intro: `Recevez une copie de tout ce que nous conservons sur vous : profil, historique de connexion, commandes et reçus, contenus achetés et progression, messages, abonnement à la lettre d'information. Une archive ZIP (fichiers JSON lisibles par une machine, reçus en PDF) est préparée, puis un lien de téléchargement valable ${R.exportArchiveHours} heures vous est envoyé par e-mail. Un export par jour au plus.`,
    request: "Demander l'export",
    requesting: 'Demande en cours...',
    loading: 'Chargement de votre export...',
    preparing: 'En préparation',
    progress: (ready: number, total: number) => `${ready} partie(s) sur ${total} rassemblée(s)`,
    preparingText: "Vos données sont rassemblées auprès de chaque partie du site. Vous recevrez un e-mail dès que l'archive est prête ; vous pouvez quitter cette page.",
    ready: 'Prêt',
    download: 'Télécharger',
    readyText: (until: string) => `Lien valable jusqu'au ${until} (${R.exportArchiveHours} heures), puis l'archive est supprimée. Il vous a aussi été envoyé par e-mail.`,
    byAdministrator: 'Préparé par notre équipe à votre demande.',
    failed: "L'export n'a pas pu être préparé",
    failedText: 'Une partie de vos données n’a pas pu être rassemblée à temps. Vous pouvez demander un nouvel export (un par jour au plus) ou nous écrire.',
    requested: 'Export demandé',
    requestedText: 'Vous recevrez un e-mail dès que l’archive est prête.',
    failure: "Impossible de demander l'export de vos données.",
  },
} as const;
