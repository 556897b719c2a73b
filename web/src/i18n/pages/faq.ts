import { paths } from '../../app/route-manifest';
import { typeset } from './typeset';
import type { Block } from './types';

/** Texts of /faq (loaded with the page's chunk). */
export const faq = typeset({
  eyebrow: 'FAQ',
  title: 'Questions fréquentes',
  lead: "Paiement, accès à vie, vidéos, guides PDF, support : l'essentiel en cinq réponses.",
  listLabel: 'Questions et réponses',
  items: [
    {
      id: 'acheter',
      question: 'Comment acheter une vidéo ou un guide PDF ?',
      answer: [
        'Connectez-vous à votre compte (ou créez-en un gratuitement), choisissez la vidéo ou le guide qui vous intéresse, puis payez avec le moyen de votre choix :',
        {
          list: [
            'Orange Money ou MTN Mobile Money : indiquez votre numéro, puis confirmez le paiement sur votre téléphone avec votre code secret.',
            'NotchPay : vous êtes dirigé vers la page de paiement sécurisée de NotchPay.',
          ],
        },
        [
          'Nous ne voyons jamais votre code secret. Dès que le paiement est confirmé, le contenu apparaît dans votre ',
          { to: paths.dashboard(), label: 'tableau de bord' },
          '.',
        ],
      ],
    },
    {
      id: 'acces-a-vie',
      question: "Que signifie « accès à vie » ?",
      answer: [
        "Vous payez une seule fois, sans abonnement ni frais cachés. La vidéo ou le guide reste disponible dans votre tableau de bord sans limite de durée, aussi longtemps que votre compte existe.",
        [
          'Les détails figurent dans nos ',
          { to: `${paths.terms()}#acces-a-vie`, label: "conditions d'utilisation" },
          '.',
        ],
      ],
    },
    {
      id: 'telechargement-videos',
      question: 'Puis-je télécharger les vidéos ?',
      answer: [
        'Non : les vidéos se regardent uniquement en streaming, depuis votre compte, sur téléphone, tablette ou ordinateur. Elles ne peuvent pas être téléchargées.',
        "Un aperçu gratuit vous permet de découvrir chaque vidéo avant de l'acheter. La lecture consomme des données mobiles : privilégiez le Wi-Fi pour les vidéos longues.",
      ],
    },
    {
      id: 'guides-pdf',
      question: 'Comment fonctionnent les guides PDF ?',
      answer: [
        "Après l'achat, vous pouvez lire le guide en ligne ou le télécharger depuis votre tableau de bord, autant de fois que vous le souhaitez, pour le garder sur votre appareil.",
        'Les guides sont réservés à votre usage personnel : merci de ne pas les partager ni les revendre.',
      ],
    },
    {
      id: 'support',
      question: 'Comment contacter le support ?',
      answer: [
        [
          "Le support répond par e-mail 7 jours sur 7, à l'adresse ",
          { contactEmail: true },
          '. Pour un problème de paiement, indiquez la référence de la transaction : nous traiterons votre demande plus vite.',
        ],
        [
          'Vous pouvez aussi passer par notre ',
          { to: paths.contact(), label: 'page de contact' },
          ' ; notre équipe y est joignable du lundi au vendredi, de 9h à 18h.',
        ],
      ],
    },
  ] satisfies readonly { id: string; question: string; answer: readonly Block[] }[],
  moreTitle: "Vous n'avez pas trouvé votre réponse ?",
  moreText: 'Écrivez-nous : nous vous répondrons dans les plus brefs délais.',
  moreLink: 'Nous contacter',
} as const);
