import { paths } from '../../app/route-manifest';
import { documentDate } from './document-date';
import { typeset } from './typeset';
import type { LegalDocumentContent } from './types';

const email = { contactEmail: true } as const;

/** Texts of /terms (loaded with the page's chunk). */
export const terms: LegalDocumentContent = typeset({
  title: "Conditions d'utilisation",
  lead: "Les règles qui s'appliquent à l'utilisation du site LBF et à l'achat de vidéos et de guides PDF.",
  updated: documentDate('terms'),
  intro: [
    "Ces conditions forment le contrat entre vous et LBF (« nous »). En créant un compte ou en achetant un contenu, vous les acceptez : prenez le temps de les lire.",
  ],
  sections: [
    {
      id: 'service',
      title: 'Le service LBF',
      blocks: [
        "LBF est une plateforme d'information en français sur la santé, le bien-être et les remèdes traditionnels africains. Elle propose :",
        {
          list: [
            "des actualités et des pages d'information en accès libre ;",
            'des vidéos payantes, à regarder en streaming, avec un aperçu gratuit ;',
            'des guides PDF payants, à lire en ligne ou à télécharger ;',
            "une lettre d'information gratuite, dont vous pouvez vous désinscrire à tout moment.",
          ],
        },
        'Le catalogue des vidéos et des guides, ainsi que le tableau de bord, sont réservés aux personnes connectées.',
      ],
    },
    {
      id: 'compte',
      title: 'Votre compte',
      blocks: [
        "Pour acheter et consulter des contenus, vous créez un compte avec vos prénom, nom, adresse e-mail et numéro de téléphone exacts. Un compte est personnel : il ne peut être ni partagé ni cédé.",
        "Vous devez être majeur, ou avoir l'accord de votre représentant légal, pour effectuer un achat.",
        [
          "Choisissez un mot de passe solide et gardez-le secret. Si vous pensez qu'une autre personne l'utilise, changez-le et prévenez-nous sans attendre à l'adresse ",
          email,
          '.',
        ],
        [
          'Vous pouvez demander la suppression de votre compte à tout moment (voir notre ',
          { to: paths.privacy(), label: 'politique de confidentialité' },
          "). La suppression du compte met fin à l'accès aux contenus achetés.",
        ],
      ],
    },
    {
      id: 'acces-a-vie',
      title: 'Contenus achetés et accès à vie',
      blocks: [
        "Chaque achat vous donne un droit d'accès personnel, non exclusif et non transférable au contenu acheté, sans abonnement ni paiement supplémentaire.",
        "« Accès à vie » signifie que le contenu reste disponible dans votre tableau de bord sans limite de durée, tant que votre compte existe et que le service LBF est exploité. Si nous devions cesser d'exploiter le service, nous vous préviendrions par e-mail au moins trois mois à l'avance ; pendant ce délai, vous pourriez continuer à regarder vos vidéos et à télécharger vos guides PDF.",
        {
          list: [
            'Vidéos : lecture en streaming uniquement, depuis votre compte. Elles ne peuvent pas être téléchargées.',
            'Guides PDF : lecture en ligne ou téléchargement depuis votre tableau de bord, sans limite de nombre, pour votre usage personnel.',
          ],
        },
        "Nous pouvons corriger ou mettre à jour un contenu ; vous gardez l'accès à sa version la plus récente.",
      ],
    },
    {
      id: 'prix-paiement',
      title: 'Prix et paiement',
      blocks: [
        "Les prix sont indiqués sur le site en dollars américains (USD), avec un équivalent en francs CFA (FCFA) donné à titre indicatif. Le montant débité est celui que vous confirmez auprès du prestataire de paiement.",
        'Vous pouvez payer par :',
        { list: ['Orange Money ;', 'MTN Mobile Money ;', 'NotchPay.'] },
        "Le paiement est traité par le prestataire choisi, selon ses propres conditions. Nous ne recevons jamais votre code secret (PIN) ni vos données de carte bancaire.",
        "Le contenu est ajouté à votre compte dès que le prestataire nous confirme le paiement. Sans cette confirmation, aucun accès n'est ouvert ; si votre compte a tout de même été débité, voyez la section « Remboursements ».",
        "Les frais éventuels de votre opérateur ou de votre prestataire de paiement, ainsi que le coût de votre connexion Internet, restent à votre charge.",
      ],
    },
    {
      id: 'retractation',
      title: 'Droit de rétractation',
      blocks: [
        "Les vidéos et les guides PDF sont des contenus numériques fournis sans support matériel. En validant votre achat, vous demandez que l'accès commence immédiatement et vous reconnaissez perdre votre droit de rétractation dès que cet accès a commencé, c'est-à-dire dès que le contenu est mis à votre disposition dans votre compte.",
        'Cette exception ne vous prive pas des remboursements prévus ci-dessous en cas de problème.',
      ],
    },
    {
      id: 'remboursements',
      title: 'Remboursements',
      blocks: [
        'Nous vous remboursons, par le moyen de paiement utilisé ou par un autre moyen convenu avec vous, dans les cas suivants :',
        {
          list: [
            "votre compte de paiement a été débité mais le contenu n'a pas été ajouté à votre compte LBF, et nous ne parvenons pas à corriger la situation ;",
            'vous avez payé deux fois le même contenu ;',
            "le contenu ne peut pas être lu à cause d'un défaut technique de notre part que nous ne parvenons pas à corriger dans un délai raisonnable.",
          ],
        },
        [
          'Pour demander un remboursement, écrivez-nous à ',
          email,
          " dans les 30 jours suivant le paiement, en indiquant l'adresse e-mail de votre compte, le contenu concerné, le moyen de paiement et la référence de la transaction.",
        ],
        "En dehors de ces cas, un contenu auquel vous avez eu accès n'est pas remboursable.",
      ],
    },
    {
      id: 'utilisation',
      title: 'Utilisation acceptable',
      blocks: [
        'Vous vous engagez à utiliser LBF de façon loyale. Il est notamment interdit :',
        {
          list: [
            'de partager votre compte ou vos identifiants, ou de revendre un accès ;',
            "d'enregistrer, de filmer, de copier ou de diffuser les vidéos, ou de partager ou revendre les guides PDF ;",
            'de contourner les protections techniques du site (lecture des vidéos, accès aux fichiers, vérification anti-robot) ;',
            "d'extraire automatiquement le contenu du site ou d'en perturber le fonctionnement (robots, attaques, envois massifs) ;",
            "de fournir de fausses informations ou d'usurper l'identité d'une autre personne ;",
            "d'envoyer des messages injurieux, haineux, trompeurs ou publicitaires.",
          ],
        },
        "En cas de manquement, nous pouvons désactiver le compte concerné, après vous avoir demandé de cesser lorsque la situation le permet. Un compte désactivé ne peut plus se connecter.",
      ],
    },
    {
      id: 'propriete-intellectuelle',
      title: 'Propriété intellectuelle',
      blocks: [
        "Les vidéos, les guides, les textes, les images et la marque LBF sont protégés par le droit d'auteur et le droit des marques. Ils appartiennent à LBF ou à leurs auteurs, qui nous ont autorisés à les diffuser.",
        "L'achat d'un contenu ne vous en transfère pas la propriété : il vous donne le droit de le consulter pour votre usage personnel, dans les conditions décrites ci-dessus. Toute reproduction ou diffusion sans notre accord écrit est interdite. Partager le lien d'une page du site reste bien sûr permis.",
      ],
    },
    {
      id: 'sante',
      title: 'Avertissement santé',
      blocks: [
        "Les contenus de LBF sont fournis à titre d'information et d'éducation. Ils ne constituent ni un diagnostic, ni une prescription, ni un avis médical, et ne remplacent pas une consultation.",
        {
          list: [
            "Demandez conseil à un professionnel de santé avant d'utiliser une plante ou un remède, en particulier si vous êtes enceinte ou allaitez, si vous suivez un traitement, si vous avez une maladie chronique, ou pour un enfant.",
            "N'arrêtez et ne modifiez jamais un traitement prescrit sans l'avis de votre médecin.",
            'Les plantes peuvent avoir des effets indésirables et interagir avec des médicaments : en cas de réaction, arrêtez et consultez.',
            "En cas d'urgence, contactez immédiatement les services d'urgence ou rendez-vous dans le centre de santé le plus proche.",
          ],
        },
      ],
    },
    {
      id: 'responsabilite',
      title: 'Disponibilité et responsabilité',
      blocks: [
        "Nous faisons notre possible pour que le site reste accessible, mais des interruptions peuvent survenir (maintenance, panne, réseau). Nous nous efforçons de les limiter et d'annoncer à l'avance les opérations prévues.",
        "Dans les limites permises par la loi, nous ne sommes pas responsables des dommages indirects, ni de l'usage que vous faites des informations présentées. Rien dans ces conditions ne limite les droits que la loi vous accorde en tant que consommateur.",
      ],
    },
    {
      id: 'donnees-personnelles',
      title: 'Données personnelles',
      blocks: [
        [
          'Les données que vous nous confiez sont traitées comme le décrit notre ',
          { to: paths.privacy(), label: 'politique de confidentialité' },
          '.',
        ],
      ],
    },
    {
      id: 'modifications',
      title: 'Modification des conditions',
      blocks: [
        "Nous pouvons modifier ces conditions, par exemple pour tenir compte d'un nouveau service ou d'une évolution de la loi. La date de mise à jour figure en haut de cette page ; en cas de changement important, nous vous prévenons par e-mail avant qu'il ne s'applique.",
        "Un achat reste régi par les conditions en vigueur au moment où il a été fait : une modification ne peut pas réduire l'accès aux contenus déjà achetés.",
      ],
    },
    {
      id: 'litiges',
      title: 'Réclamations et litiges',
      blocks: [
        ["En cas de désaccord, écrivez-nous d'abord à ", email, ' : nous cherchons toujours une solution amiable.'],
        "À défaut d'accord, le litige pourra être porté devant les juridictions compétentes, sans préjudice des règles protectrices dont vous bénéficiez dans votre pays de résidence.",
      ],
    },
    {
      id: 'contact',
      title: 'Nous contacter',
      blocks: [
        [
          'Pour toute question sur ces conditions, écrivez-nous à ',
          email,
          ' ou passez par notre ',
          { to: paths.contact(), label: 'page de contact' },
          '.',
        ],
      ],
    },
  ],
});
