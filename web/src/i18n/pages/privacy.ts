import { RETENTION as R } from '@lbf/proto-events/src/retention';
import { paths } from '../../app/route-manifest';
import { documentDate } from './document-date';
import { typeset } from './typeset';
import type { LegalDocumentContent } from './types';

const email = { contactEmail: true } as const;

/** Texts of /privacy (loaded with the page's chunk). */
export const privacy: LegalDocumentContent = typeset({
  title: 'Politique de confidentialité',
  lead: 'Quelles données nous collectons, pourquoi, combien de temps nous les gardons et comment exercer vos droits.',
  updated: documentDate('privacy'),
  intro: [
    "Cette politique s'applique au site LBF et à ses services : compte client, achat et consultation de vidéos et de guides PDF, lettre d'information et messages. Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.",
  ],
  sections: [
    {
      id: 'responsable',
      title: 'Responsable du traitement',
      blocks: [
        ['LBF (« nous ») est responsable du traitement des données décrites ici. Pour toute question ou demande : ', email, '.'],
      ],
    },
    {
      id: 'donnees-collectees',
      title: 'Les données que nous collectons',
      blocks: [
        {
          definitions: [
            {
              term: 'Compte',
              details: [
                "Prénom, nom, adresse e-mail, numéro de téléphone (avec l'indicatif du pays), date d'inscription et mot de passe, conservé uniquement sous forme hachée.",
              ],
            },
            {
              term: 'Achats',
              details: [
                'Contenu acheté, prix, date, moyen de paiement, statut et référence de la transaction ; pour Orange Money et MTN Mobile Money, le numéro de téléphone utilisé pour payer.',
              ],
            },
            {
              term: 'Messages',
              details: [
                'Ce que vous nous écrivez (nom, adresse e-mail, sujet et message) et nos réponses, ainsi que les messages que nous vous adressons dans votre compte.',
              ],
            },
            {
              term: "Lettre d'information",
              details: ["Votre adresse e-mail et les dates d'inscription et de désinscription."],
            },
            {
              term: 'Connexion et sécurité',
              details: [
                "Pour chaque session : date de connexion, dernière activité, type de navigateur et adresse IP. Si un compte est désactivé pour manquement aux conditions d'utilisation : la décision et son motif.",
              ],
            },
            {
              term: 'Consentements',
              details: [
                "L'acceptation de nos conditions d'utilisation et de cette politique, donnée à l'inscription, et votre consentement au traitement des données liées à votre santé s'il a été donné : pour chacun, la date, la version du document et où il a été donné (inscription, compte ou achat), puis la date de son retrait.",
              ],
            },
            {
              term: 'Visionnage',
              details: ["Avec votre consentement aux données liées à votre santé : où vous en êtes dans chaque vidéo achetée, et les vidéos que vous avez regardées."],
            },
            {
              term: 'Données utilisées par les leçons',
              details: [
                "Le volume de données que vos leçons ont téléchargé, un seul total par mois (dont la part hors ligne), sans dire quelles vidéos : pour vous l'afficher dans votre tableau de bord.",
              ],
            },
            {
              term: 'Journal des administrateurs',
              details: [
                `Chaque action d'un administrateur vous concernant (un bannissement, un remboursement, un export ou la suppression de votre compte…) y est inscrite avec son auteur et sa date, et gardée ${R.adminJournalYears} ans, y compris après la suppression du compte : c'est ce qui permet de rendre compte de ce qui a été fait. Personne ne peut la modifier ni l'effacer avant ce terme.`,
              ],
            },
            {
              term: 'Statistiques de visite',
              details: [
                'Page consultée, date, type de navigateur et un identifiant de visiteur anonyme tiré au hasard (voir la section « Cookies et stockage local »).',
              ],
            },
          ],
        },
        "Nous ne vous demandons aucune information sur votre santé. Si vous en mentionnez dans un message, elle sert uniquement à vous répondre. Les contenus que vous achetez et regardez peuvent toutefois en révéler : nous ne les traitons qu'avec votre consentement (voir « Données liées à votre santé »).",
      ],
    },
    {
      id: 'sante',
      title: 'Données liées à votre santé',
      blocks: [
        "Ce que vous achetez et regardez sur un site de santé peut révéler vos préoccupations de santé. Nous ne traitons ces données (vos achats, les vidéos que vous regardez et où vous en êtes) qu'avec votre consentement explicite :",
        {
          list: [
            "à l'inscription, par une case à cocher facultative, décochée par défaut ;",
            "sinon lors de votre premier achat : il est alors nécessaire pour acheter, car enregistrer votre achat et vous y donner accès est ce traitement ;",
            'nous enregistrons la date, la version de cette politique et où vous avez donné votre consentement.',
          ],
        },
        [
          'Vous pouvez le retirer à tout moment dans votre tableau de bord, onglet « Mes données » (',
          { to: paths.dashboard('donnees'), label: 'Mes données' },
          "). Dès ce retrait, nous effaçons votre progression dans les vidéos et n'en enregistrons plus, et nous n'associons plus vos visionnages ni vos téléchargements à votre compte (ils restent comptés, sans vous). Vos achats restent accessibles, et nous conservons vos commandes et reçus le temps imposé par nos obligations comptables : cette conservation repose sur la loi, non sur votre consentement.",
        ],
      ],
    },
    {
      id: 'finalites',
      title: 'Pourquoi nous les utilisons',
      blocks: [
        'Chaque usage repose sur une base légale :',
        {
          definitions: [
            {
              term: 'Gérer votre compte et vous donner accès aux contenus achetés',
              details: [
                "Base légale : l'exécution du contrat qui nous lie (nos conditions d'utilisation), que vous acceptez à l'inscription ; pour ce que vos achats et vos visionnages révèlent de votre santé, votre consentement explicite (voir « Données liées à votre santé »).",
              ],
            },
            {
              term: 'Reprendre une vidéo là où vous vous êtes arrêté',
              details: ['Base légale : votre consentement aux données liées à votre santé, que vous pouvez retirer à tout moment.'],
            },
            {
              term: 'Traiter vos paiements et tenir notre comptabilité',
              details: ["Base légale : l'exécution du contrat et le respect de nos obligations comptables et fiscales."],
            },
            {
              term: 'Répondre à vos messages et à vos demandes de support',
              details: [
                "Base légale : votre consentement, donné en cochant la case du formulaire de contact, et l'exécution du contrat pour le support de vos achats.",
              ],
            },
            {
              term: "Vous envoyer la lettre d'information",
              details: ['Base légale : votre consentement, que vous pouvez retirer à tout moment en vous désinscrivant.'],
            },
            {
              term: 'Sécuriser le site et prévenir les abus',
              details: [
                'Vérification anti-robot, limitation des tentatives de connexion, désactivation de comptes. Base légale : notre intérêt légitime à protéger le service et ses utilisateurs.',
              ],
            },
            {
              term: 'Mesurer la fréquentation',
              details: [
                "Nombre de visites et pages consultées. Base légale : notre intérêt légitime à améliorer le site. Ces statistiques ne servent ni à vous identifier ni à de la publicité.",
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'destinataires',
      title: 'Qui peut y accéder',
      blocks: [
        "Vos données ne sont accessibles, pour les besoins décrits ci-dessus, qu'aux personnes et organismes suivants :",
        {
          list: [
            'les administrateurs de LBF, pour gérer les comptes, les achats et les messages ;',
            "les prestataires de paiement Orange Money, MTN Mobile Money et NotchPay, qui reçoivent ce qui est nécessaire au paiement (montant, référence et, pour le mobile money, votre numéro de téléphone) et le traitent selon leur propre politique de confidentialité ;",
            "nos prestataires techniques (hébergement, envoi des e-mails), qui n'agissent que sur nos instructions ;",
            "les outils de gestion que l'équipe LBF relie au site (comptabilité, suivi des ventes), qui sont prévenus d'un achat, d'un remboursement, d'une inscription ou d'un message reçu : ils ne reçoivent que des identifiants (de la commande, de votre compte, du contenu), le titre du contenu acheté, le montant, le moyen de paiement, le sujet choisi dans le formulaire de contact et les dates, jamais votre nom, votre e-mail, votre numéro de téléphone ni le texte de vos messages ;",
            "les autorités, lorsque la loi nous y oblige.",
          ],
        },
        "Si l'un de ces prestataires traite des données hors de votre pays, nous veillons à ce que leur protection soit assurée par des garanties appropriées.",
      ],
    },
    {
      id: 'conservation',
      title: 'Combien de temps nous les gardons',
      blocks: [
        {
          definitions: [
            {
              term: 'Compte',
              details: [
                `Tant que votre compte existe. Après une demande de suppression, les données du compte sont effacées ou anonymisées dans un délai de ${R.deletionDays} jours, sauf ce que la loi nous oblige à conserver.`,
              ],
            },
            {
              term: 'Achats',
              details: [`Pendant la durée imposée par nos obligations comptables et fiscales (jusqu'à ${R.orderYears} ans), y compris après la suppression du compte.`],
            },
            {
              term: 'Échanges avec les prestataires de paiement',
              details: [`Les réponses et notifications des prestataires sur un paiement sont gardées ${R.providerExchangeDays} jours ; le paiement lui-même reste enregistré avec l'achat.`],
            },
            { term: 'Messages', details: [`Jusqu'à ${R.messageYears} ans après notre dernier échange.`] },
            {
              term: 'E-mails envoyés',
              details: [`Le contenu d'un e-mail que nous vous envoyons est effacé ${R.mailContentDays} jours après son envoi ; nous gardons seulement son destinataire, son objet, sa date et s'il a été remis.`],
            },
            { term: "Lettre d'information", details: ["Jusqu'à votre désinscription."] },
            {
              term: 'Export de vos données',
              details: [`L'archive que vous demandez depuis « Mes données » est gardée ${R.exportArchiveHours} heures, le temps de la télécharger par le lien envoyé par e-mail, puis supprimée.`],
            },
            {
              term: 'Notifications à nos outils de gestion',
              details: [`Ce qui a été envoyé à nos outils (voir « Qui peut y accéder ») est gardé ${R.webhookDeliveryDays} jours après le dernier envoi, le temps de le renvoyer en cas de panne, puis supprimé.`],
            },
            {
              term: 'Sessions de connexion',
              details: [`Pendant la session, puis ${R.endedSessionDays} jours après sa fin.`],
            },
            {
              term: 'Consentements',
              details: ["Tant que votre compte existe, retraits compris : c'est la preuve de ce que vous avez accepté et quand."],
            },
            {
              term: 'Progression dans les vidéos',
              details: ["Tant que votre consentement aux données liées à votre santé est donné ; effacée dès son retrait."],
            },
            {
              term: 'Données utilisées par les leçons',
              details: [`Un total par mois, gardé ${R.lessonDataMonths} mois (le mois en cours compris) ; effacé avec votre compte.`],
            },
            {
              term: 'Statistiques de visite',
              details: [`Le détail des visites est gardé ${R.visitDetailsMonths} mois au plus ; au-delà, seuls des totaux anonymes sont conservés.`],
            },
          ],
        },
      ],
    },
    {
      id: 'securite',
      title: 'Sécurité',
      blocks: [
        {
          list: [
            'Les mots de passe sont hachés avec Argon2id : personne ne peut les lire, pas même nos équipes.',
            'Les échanges avec le site sont chiffrés (HTTPS).',
            'Les paiements sont traités par Orange Money, MTN Mobile Money et NotchPay : nous ne voyons jamais votre code secret (PIN) ni vos données de carte bancaire.',
            "Votre session est protégée par un cookie inaccessible aux scripts des pages. La déconnexion, un changement de mot de passe ou la désactivation du compte mettent fin aux sessions ouvertes. Dans « Mes données », vous voyez les appareils connectés à votre compte et pouvez en déconnecter un, ou tous les autres, immédiatement.",
            "L'accès aux données est réservé aux administrateurs, et chaque partie du service n'accède qu'aux données dont elle a besoin.",
          ],
        },
        'Si une violation de données présentait un risque pour vous, nous vous en informerions dans les meilleurs délais.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies et stockage local',
      blocks: [
        "Nous n'utilisons aucun cookie publicitaire ni aucun traceur de réseau social. Le site enregistre uniquement :",
        {
          definitions: [
            {
              term: 'Cookie de connexion (lbf_refresh)',
              details: [
                "Vous garde connecté d'une page à l'autre. Déposé à la connexion, effacé à la déconnexion ; il expire au bout de 30 jours sans visite. Indispensable au fonctionnement du compte.",
              ],
            },
            {
              term: "Préférence d'affichage des administrateurs (sidebar_state)",
              details: [
                "Cookie qui mémorise si la barre latérale de l'espace d'administration est ouverte ou réduite. Déposé uniquement pour les administrateurs ; durée : 7 jours.",
              ],
            },
            {
              term: 'Choix de lecture (lbf_data_saver, lbf_audio_only)',
              details: [
                "L'économiseur de données et l'audio seul tels que vous les avez choisis sous le lecteur, gardés dans le stockage local de votre navigateur pour les retrouver à votre prochaine visite sur cet appareil. Rien n'est envoyé.",
              ],
            },
            {
              term: 'Identifiant de visiteur anonyme (lbf_visitor_id)',
              details: [
                "Un identifiant tiré au hasard, gardé dans le stockage local de votre navigateur, pour compter les visites et les vues des aperçus gratuits sans vous identifier. Il ne contient ni votre nom ni aucune information qui vous identifie directement ; vous pouvez l'effacer en supprimant les données du site dans votre navigateur.",
              ],
            },
          ],
        },
        "Pendant votre visite seulement (stockage de session), le site retient aussi le nombre de pages ouvertes, pour ne vous proposer qu'une fois de créer un compte.",
        "La page Contact affiche une carte Google Maps. Lorsqu'elle s'affiche, votre navigateur se connecte aux serveurs de Google, qui reçoit votre adresse IP et peut déposer ses propres cookies, selon sa politique de confidentialité.",
      ],
    },
    {
      id: 'droits',
      title: 'Vos droits',
      blocks: [
        'Vous pouvez à tout moment :',
        {
          list: [
            "accéder à vos données et en obtenir une copie, dans un format lisible par une machine (JSON, avec vos reçus en PDF) : « Exporter mes données » dans l'onglet « Mes données » de votre tableau de bord ;",
            'faire rectifier des données inexactes ou incomplètes ;',
            "faire supprimer vos données et votre compte (les données d'achat restent conservées le temps requis par la loi) ;",
            "vous opposer à un traitement fondé sur notre intérêt légitime, ou en demander la limitation ;",
            "retirer votre consentement, par exemple en vous désinscrivant de la lettre d'information, ou, pour les données liées à votre santé, dans l'onglet « Mes données » de votre tableau de bord.",
          ],
        },
        "L'onglet « Mes données » de votre tableau de bord montre ce que nous conservons sur vous, les consentements que vous avez donnés (avec leur date et leur version) et les appareils connectés à votre compte.",
        [
          'Pour exercer ces droits, écrivez-nous à ',
          email,
          " depuis l'adresse e-mail de votre compte. Nous pouvons vous demander de confirmer votre identité. Nous vous répondons dans un délai d'un mois au plus.",
        ],
        "Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir l'autorité de protection des données de votre pays.",
      ],
    },
    {
      id: 'modifications',
      title: 'Modification de cette politique',
      blocks: [
        "Nous pouvons modifier cette politique, notamment lorsque nous ajoutons un service. La date de mise à jour figure en haut de cette page ; en cas de changement important, nous vous prévenons par e-mail.",
      ],
    },
    {
      id: 'contact',
      title: 'Nous contacter',
      blocks: [
        [
          'Pour toute question sur vos données ou pour exercer vos droits : ',
          email,
          '. Vous pouvez aussi passer par notre ',
          { to: paths.contact(), label: 'page de contact' },
          '.',
        ],
      ],
    },
  ],
});
