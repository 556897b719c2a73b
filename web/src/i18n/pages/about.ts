import { typeset } from './typeset';

/** Texts of /about (loaded with the page's chunk). */
export const about = typeset({
  eyebrow: 'À propos',
  lead:
    'LBF est une plateforme en français consacrée aux remèdes traditionnels africains : des vidéos, des guides PDF et des actualités pour mieux connaître les plantes et les pratiques de bien-être transmises de génération en génération.',
  cardsTitle: 'Ce qui nous guide',
  cards: {
    mission: {
      title: 'Notre mission',
      paragraphs: [
        "Rendre accessibles à tous les savoirs liés aux remèdes traditionnels africains : les plantes, leurs usages et les gestes de bien-être du quotidien.",
        "Nous voulons que chacun puisse s'informer, comprendre ces pratiques et en parler en confiance avec un professionnel de santé.",
      ],
    },
    approach: {
      title: 'Notre approche',
      paragraphs: [
        "Chaque sujet est présenté avec son contexte : l'origine de la pratique, la façon dont elle est utilisée traditionnellement, ce que l'on sait de ses effets et de ses limites, et les précautions connues.",
        'Des formats courts, pensés pour le téléphone : des vidéos en streaming et des guides PDF légers, à consulter à votre rythme.',
      ],
    },
    expertise: {
      title: 'Notre expertise',
      paragraphs: [
        "Nos contenus s'appuient sur les savoirs de praticiens traditionnels et sur des sources documentées : ouvrages d'ethnobotanique et publications scientifiques.",
        'Nous distinguons ce qui relève de la tradition de ce qui a été étudié, et nous mettons nos contenus à jour lorsque de nouvelles informations le justifient.',
      ],
    },
    promise: {
      title: 'Notre promesse',
      paragraphs: [
        'Des informations claires et honnêtes, sans promesse de guérison.',
        "Un paiement simple par Orange Money, MTN Mobile Money ou NotchPay, un accès à vie à ce que vous achetez, sans abonnement, et un support par e-mail 7 jours sur 7. Vos données ne sont jamais vendues ni utilisées à des fins publicitaires.",
      ],
    },
  },
  healthTitle: 'Un mot sur votre santé',
  healthText:
    "Nos contenus informent : ils ne remplacent ni un diagnostic, ni un traitement, ni l'avis d'un médecin. Avant d'utiliser une plante ou un remède, en particulier si vous êtes enceinte ou allaitez, si vous suivez un traitement, si vous avez une maladie chronique ou pour un enfant, demandez conseil à un professionnel de santé. N'arrêtez jamais un traitement prescrit sans son avis.",
  ctaTitle: 'Une question ?',
  ctaText: 'Les réponses aux questions les plus fréquentes sont dans notre FAQ. Pour tout le reste, écrivez-nous.',
  ctaFaq: 'Consulter la FAQ',
  ctaContact: 'Nous contacter',
} as const);
