import type { ArticleCategory, ContentCategory } from '../shared/categories';

/**
 * The demo catalogue loaded once into an empty catalogue: the spec's 8 videos (4 of them with a
 * presenter), 6 PDF guides, 4 news articles and testimonials. Files are generated locally from
 * these texts (demo/generate-media.ts); nothing is downloaded.
 * No view count, download count or PDF rating here: those are facts about visitors, and made-up
 * figures would be shown as real ones. The demo starts at zero, unrated, like a new catalogue.
 */

/** « Par … » and « Relu par … » (null: not reviewed) of a demo lesson, guide or article. */
interface DemoCredits {
  author: string;
  reviewer: string | null;
}

export interface DemoVideo extends DemoCredits {
  slug: string;
  title: string;
  description: string;
  category: ContentCategory;
  /** Length of the generated lesson (2 to 2½ minutes: an introduction, one chapter per learn item, a summary). */
  durationSeconds: number;
  presenter: { name: string; title: string; initials: string } | null;
  learnItems: string[];
  /** Background of the generated lesson and of its thumbnail. */
  color: string;
}

export interface DemoGuideSection {
  heading: string;
  paragraphs: string[];
}

export interface DemoPdf extends DemoCredits {
  slug: string;
  title: string;
  description: string;
  category: ContentCategory;
  color: string;
  sections: DemoGuideSection[];
}

export interface DemoArticle extends DemoCredits {
  slug: string;
  title: string;
  excerpt: string;
  bodyHtml: string;
  category: ArticleCategory;
  daysAgo: number;
  color: string;
}

export interface DemoTestimonial {
  name: string;
  location: string;
  content: string;
  rating: number;
  videoTitle: string | null;
  daysAgo: number;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    slug: 'remedes-traditionnels',
    author: 'Dr Aminata Diallo',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Remèdes traditionnels : les bases de la phytothérapie africaine',
    description:
      "Découvrez les principes de la médecine traditionnelle africaine : les plantes essentielles, leurs usages éprouvés et les règles de sécurité pour les utiliser à la maison en toute confiance.",
    category: 'health',
    durationSeconds: 150,
    presenter: { name: 'Dr Aminata Diallo', title: 'Pharmacienne et phytothérapeute', initials: 'AD' },
    learnItems: [
      "Reconnaître les plantes médicinales les plus utilisées en Afrique de l'Ouest",
      'Préparer correctement une décoction, une infusion et une macération',
      'Doser les remèdes et connaître leurs contre-indications',
      'Savoir quand un avis médical est indispensable',
    ],
    color: '0x1b5e20',
  },
  {
    slug: 'nutrition-produits-locaux',
    author: 'Kofi Mensah',
    reviewer: 'Dr Aminata Diallo',
    title: 'Nutrition : bien manger avec les produits locaux',
    description:
      "Le mil, le fonio, le niébé, les légumes-feuilles et les fruits de saison suffisent à composer des repas complets. Apprenez à équilibrer votre assiette sans vous ruiner.",
    category: 'nutrition',
    durationSeconds: 135,
    presenter: { name: 'Kofi Mensah', title: 'Nutritionniste diététicien', initials: 'KM' },
    learnItems: [
      'Composer une assiette équilibrée avec les céréales et légumes du marché',
      'Couvrir ses besoins en protéines, en fer et en vitamines',
      'Réduire le sel, le sucre et les huiles raffinées sans perdre le goût',
      'Planifier les repas de la semaine avec un budget maîtrisé',
    ],
    color: '0xe65100',
  },
  {
    slug: 'gerer-le-stress',
    author: 'Fatou Sow',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Bien-être : gérer le stress au quotidien',
    description:
      'Respiration, mouvements doux, plantes apaisantes et petites routines : des outils simples pour retrouver calme et énergie, au travail comme à la maison.',
    category: 'wellbeing',
    durationSeconds: 120,
    presenter: { name: 'Fatou Sow', title: 'Coach en bien-être et sophrologue', initials: 'FS' },
    learnItems: [
      'Identifier les signes physiques et émotionnels du stress',
      'Pratiquer trois exercices de respiration apaisante',
      'Utiliser la citronnelle, la verveine et le kinkeliba avec discernement',
      'Installer des routines simples pour préserver son équilibre',
    ],
    color: '0x6a1b9a',
  },
  {
    slug: 'nuits-reparatrices',
    author: 'Dr Jean-Paul Ekanga',
    reviewer: null,
    title: 'Sommeil : retrouver des nuits réparatrices',
    description:
      "Comprendre son sommeil, préparer une tisane du soir adaptée et adopter les bons gestes pour s'endormir plus facilement et se réveiller reposé.",
    category: 'sleep',
    durationSeconds: 145,
    presenter: { name: 'Dr Jean-Paul Ekanga', title: 'Médecin spécialiste du sommeil', initials: 'JE' },
    learnItems: [
      "Comprendre les cycles du sommeil et les besoins selon l'âge",
      'Préparer une tisane du soir à base de plantes apaisantes',
      'Aménager une chambre propice au repos',
      'Repérer les troubles du sommeil qui demandent un avis médical',
    ],
    color: '0x0d47a1',
  },
  {
    slug: 'exercices-dos',
    author: 'Fatou Sow',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Exercices doux pour soulager le dos',
    description:
      'Une séance guidée de mobilité et d’étirements pour détendre la nuque, le haut du dos et les lombaires, accessible à tous et sans matériel.',
    category: 'exercise',
    durationSeconds: 120,
    presenter: null,
    learnItems: [
      'Échauffer la colonne vertébrale en douceur',
      'Étirer les muscles du dos et des hanches',
      'Renforcer la sangle abdominale qui protège les lombaires',
      'Adopter les bonnes postures au quotidien',
    ],
    color: '0x00695c',
  },
  {
    slug: 'moringa',
    author: 'Kofi Mensah',
    reviewer: 'Dr Aminata Diallo',
    title: 'Le moringa, un super-aliment à découvrir',
    description:
      "Feuilles fraîches, poudre ou infusion : tout savoir sur le moringa, ses apports nutritionnels et les façons simples de l'intégrer à vos plats.",
    category: 'nutrition',
    durationSeconds: 125,
    presenter: null,
    learnItems: [
      'Connaître les nutriments apportés par les feuilles de moringa',
      'Choisir et conserver la poudre de moringa',
      "L'ajouter aux sauces, bouillies et jus sans en altérer le goût",
      'Respecter les quantités conseillées',
    ],
    color: '0x33691e',
  },
  {
    slug: 'relaxation-guidee',
    author: 'Fatou Sow',
    reviewer: null,
    title: 'Respiration et relaxation guidée',
    description:
      'Une séance de relaxation pas à pas : respiration abdominale, détente musculaire progressive et visualisation pour relâcher les tensions de la journée.',
    category: 'wellbeing',
    durationSeconds: 130,
    presenter: null,
    learnItems: [
      'Pratiquer la respiration abdominale',
      'Relâcher les tensions muscle après muscle',
      'Utiliser la visualisation pour apaiser le mental',
      'Faire de la relaxation un rituel de fin de journée',
    ],
    color: '0x4a148c',
  },
  {
    slug: 'renforcement-maison',
    author: 'Fatou Sow',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Renforcement musculaire à la maison',
    description:
      'Un programme complet au poids du corps pour tonifier jambes, bras et ceinture abdominale, avec des variantes pour débutants et confirmés.',
    category: 'exercise',
    durationSeconds: 150,
    presenter: null,
    learnItems: [
      "S'échauffer correctement avant l'effort",
      'Enchaîner squats, pompes et gainage en sécurité',
      'Adapter chaque exercice à son niveau',
      'Récupérer grâce aux étirements de fin de séance',
    ],
    color: '0xb71c1c',
  },
];

export const DEMO_PDFS: DemoPdf[] = [
  {
    slug: 'plantes-medicinales',
    author: 'Dr Aminata Diallo',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Guide des plantes médicinales africaines',
    description: 'Vingt plantes de la pharmacopée africaine : identification, préparations, usages traditionnels et précautions.',
    category: 'wellbeing',
    color: '0x2e7d32',
    sections: [
      {
        heading: 'Une pharmacopée vivante',
        paragraphs: [
          "En Afrique, les plantes soignent depuis des générations. Les savoirs des tradipraticiens, transmis oralement, décrivent avec précision la plante à cueillir, la partie à utiliser et le moment de la récolte. Ce guide rassemble les espèces les plus courantes sur les marchés d'Afrique de l'Ouest et du Centre.",
          "Utiliser une plante, c'est utiliser une substance active. Une bonne identification et un dosage raisonnable sont la première des précautions : en cas de doute, demandez conseil à un pharmacien ou à un médecin.",
        ],
      },
      {
        heading: 'Le kinkeliba, le moringa et le néré',
        paragraphs: [
          "Le kinkeliba (Combretum micranthum) se boit en infusion le matin. On lui prête des vertus digestives et diurétiques. Comptez une poignée de feuilles séchées pour un litre d'eau frémissante, à laisser infuser dix minutes.",
          "Le moringa (Moringa oleifera) est surtout un aliment : ses feuilles sont riches en protéines, en calcium et en vitamine A. Une à deux cuillères à café de poudre par jour suffisent, ajoutées aux sauces en fin de cuisson.",
          "Les graines fermentées du néré (Parkia biglobosa), le soumbala, relèvent les plats tout en apportant protéines et fibres.",
        ],
      },
      {
        heading: 'Préparer ses remèdes',
        paragraphs: [
          "L'infusion convient aux feuilles et aux fleurs : versez l'eau chaude sur la plante et couvrez. La décoction convient aux racines et aux écorces : faites bouillir doucement dix à vingt minutes. La macération, à froid, préserve les principes fragiles.",
          "Préparez vos tisanes chaque jour, conservez les plantes sèches à l'abri de la lumière et de l'humidité, et notez la date d'achat sur vos bocaux.",
        ],
      },
      {
        heading: 'Précautions essentielles',
        paragraphs: [
          "Les femmes enceintes ou allaitantes, les jeunes enfants et les personnes sous traitement doivent demander un avis médical avant toute cure de plantes. Certaines plantes modifient l'effet des médicaments contre le diabète ou l'hypertension.",
          'Un remède traditionnel ne remplace jamais un traitement prescrit. Si les symptômes persistent plus de quelques jours, consultez.',
        ],
      },
    ],
  },
  {
    slug: 'recettes-sante',
    author: 'Kofi Mensah',
    reviewer: 'Dr Aminata Diallo',
    title: 'Recettes santé avec les produits du marché',
    description: 'Trente recettes simples et équilibrées à base de céréales locales, de légumes-feuilles et de légumineuses.',
    category: 'nutrition',
    color: '0xef6c00',
    sections: [
      {
        heading: "Les bases d'une assiette équilibrée",
        paragraphs: [
          "Une assiette équilibrée associe une moitié de légumes, un quart de céréales ou de tubercules et un quart de protéines : poisson, œufs, viande maigre ou légumineuses comme le niébé et l'arachide.",
          "Les céréales locales, mil, sorgho et fonio, sont riches en fibres et rassasient longtemps. Elles remplacent avantageusement le riz blanc dans de nombreux plats.",
        ],
      },
      {
        heading: 'Sauce feuilles au poisson fumé',
        paragraphs: [
          "Pour quatre personnes : un kilo de feuilles (épinards, oseille ou feuilles de manioc), deux oignons, trois tomates, un poisson fumé, une cuillère à soupe d'huile de palme rouge et une pincée de sel.",
          "Faites revenir les oignons, ajoutez les tomates puis les feuilles lavées et hachées. Laissez cuire vingt minutes à feu doux, émiettez le poisson et servez avec du fonio ou de la pâte de mil.",
        ],
      },
      {
        heading: 'Bouillie de mil au baobab',
        paragraphs: [
          "Délayez quatre cuillères de farine de mil dans un demi-litre d'eau froide, portez à ébullition en remuant, puis ajoutez deux cuillères de poudre de pain de singe. Le baobab apporte vitamine C et calcium, et un goût acidulé qui permet de réduire le sucre.",
        ],
      },
      {
        heading: 'Conseils pour cuisiner sain',
        paragraphs: [
          "Limitez les bouillons cubes, très salés, et relevez vos plats avec le soumbala, l'ail, le gingembre et les herbes. Préférez la cuisson à l'étouffée aux fritures, et buvez de l'eau plutôt que des boissons sucrées.",
        ],
      },
    ],
  },
  {
    slug: 'programme-30-jours',
    author: 'Fatou Sow',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: "Programme d'exercices de 30 jours",
    description: 'Un programme progressif de quinze à trente minutes par jour pour retrouver forme, souplesse et endurance.',
    category: 'exercise',
    color: '0xc62828',
    sections: [
      {
        heading: 'Avant de commencer',
        paragraphs: [
          "Ce programme s'adresse aux adultes en bonne santé qui souhaitent reprendre une activité physique. Si vous avez une maladie chronique, des douleurs articulaires ou si vous n'avez pas fait de sport depuis longtemps, parlez-en d'abord à votre médecin.",
          'Prévoyez une tenue confortable, une bouteille d’eau et un espace dégagé de deux mètres sur deux.',
        ],
      },
      {
        heading: 'Semaines 1 et 2 : réveiller le corps',
        paragraphs: [
          'Chaque jour, marchez quinze minutes d’un bon pas, puis enchaînez dix squats, dix montées de genoux et vingt secondes de gainage. Terminez par cinq minutes d’étirements.',
          "Un jour sur sept est consacré au repos actif : une promenade tranquille ou quelques mouvements de mobilité.",
        ],
      },
      {
        heading: 'Semaines 3 et 4 : gagner en endurance',
        paragraphs: [
          'Portez la marche à vingt-cinq minutes en y intégrant des accélérations d’une minute. Réalisez trois tours de quinze squats, dix pompes sur les genoux et quarante secondes de gainage.',
          'Notez chaque soir vos séances et votre ressenti : la régularité compte davantage que l’intensité.',
        ],
      },
    ],
  },
  {
    slug: 'mieux-dormir',
    author: 'Dr Jean-Paul Ekanga',
    reviewer: 'Dr Aminata Diallo',
    title: 'Mieux dormir naturellement',
    description: 'Comprendre son sommeil et adopter des habitudes et des plantes qui favorisent un repos de qualité.',
    category: 'sleep',
    color: '0x1565c0',
    sections: [
      {
        heading: 'Pourquoi le sommeil est vital',
        paragraphs: [
          "Pendant la nuit, le corps répare ses tissus, consolide la mémoire et régule l'appétit. Un adulte a besoin de sept à neuf heures de sommeil. Un manque chronique augmente le risque d'hypertension, de diabète et de prise de poids.",
        ],
      },
      {
        heading: 'Les bons réflexes du soir',
        paragraphs: [
          "Couchez-vous et levez-vous à heures régulières, même le week-end. Évitez le café, le thé fort et les boissons énergisantes après seize heures, ainsi que les repas copieux tardifs.",
          "Éteignez les écrans une heure avant le coucher : leur lumière retarde la sécrétion de mélatonine. Une chambre fraîche, sombre et calme favorise l'endormissement.",
        ],
      },
      {
        heading: 'Les plantes qui apaisent',
        paragraphs: [
          "Une infusion de citronnelle, de feuilles de corossol ou de verveine, prise trente minutes avant le coucher, aide à se détendre. Évitez le kinkeliba le soir : il est plutôt stimulant.",
          "Si vos difficultés durent plus de trois semaines, ou si l'on vous signale des ronflements avec pauses respiratoires, consultez un médecin.",
        ],
      },
    ],
  },
  {
    slug: 'tisanes-infusions',
    author: 'Dr Aminata Diallo',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Tisanes et infusions traditionnelles',
    description: 'Les tisanes du quotidien : préparation, moments de la journée, associations de plantes et précautions.',
    category: 'wellbeing',
    color: '0x558b2f',
    sections: [
      {
        heading: "L'art de l'infusion",
        paragraphs: [
          "Une bonne tisane commence par une eau frémissante, jamais bouillante pour les feuilles délicates. Comptez une cuillère à soupe de plante sèche par tasse et laissez infuser cinq à dix minutes à couvert pour garder les arômes.",
        ],
      },
      {
        heading: 'Une tisane pour chaque moment',
        paragraphs: [
          'Le matin, le kinkeliba ou le gingembre réveillent en douceur. Après le repas, la menthe et la citronnelle facilitent la digestion. Le soir, la verveine et les feuilles de corossol invitent au calme.',
          "Le bissap (hibiscus), servi chaud ou froid, est riche en antioxydants ; sucrez-le peu pour en garder les bienfaits.",
        ],
      },
      {
        heading: 'Précautions',
        paragraphs: [
          "Ne dépassez pas trois tasses par jour d'une même plante et faites des pauses d'une semaine après trois semaines de cure. Le bissap peut faire baisser la tension : prudence si vous êtes déjà traité.",
        ],
      },
    ],
  },
  {
    slug: 'diabete-guide',
    author: 'Kofi Mensah',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Alimentation et diabète : le guide pratique',
    description: 'Adapter son alimentation au diabète de type 2 avec les aliments de tous les jours : index glycémique, portions et menus.',
    category: 'nutrition',
    color: '0x00838f',
    sections: [
      {
        heading: 'Comprendre la glycémie',
        paragraphs: [
          "Le diabète de type 2 se caractérise par un excès de sucre dans le sang. L'alimentation, l'activité physique et, lorsqu'il est prescrit, le traitement médical permettent de le contrôler. Ce guide complète les conseils de votre médecin ; il ne les remplace pas.",
        ],
      },
      {
        heading: 'Choisir ses glucides',
        paragraphs: [
          "Privilégiez les aliments à index glycémique bas : fonio, mil, sorgho, niébé, patate douce, légumes-feuilles. Le riz blanc, le pain blanc et l'igname pilée font monter la glycémie plus vite : consommez-les en petites portions, accompagnés de légumes.",
          'Les fruits restent permis : préférez-les entiers plutôt qu’en jus, et répartissez-les dans la journée.',
        ],
      },
      {
        heading: 'Une journée type',
        paragraphs: [
          "Petit-déjeuner : bouillie de mil sans sucre ajouté et une poignée d'arachides. Déjeuner : sauce feuilles, poisson grillé et une petite portion de fonio. Dîner : soupe de légumes et niébé. Buvez de l'eau tout au long de la journée.",
          'Marchez trente minutes par jour : l’activité physique aide les muscles à utiliser le sucre du sang.',
        ],
      },
    ],
  },
];

/** Printed at the end of every guide. */
export const GUIDE_DISCLAIMER: DemoGuideSection = {
  heading: 'Avertissement',
  paragraphs: [
    "Les informations de ce guide sont données à titre éducatif. Elles ne remplacent ni une consultation, ni un diagnostic, ni un traitement prescrit par un professionnel de santé. En cas de symptômes persistants, de grossesse, de maladie chronique ou de traitement en cours, demandez l'avis de votre médecin ou de votre pharmacien avant d'utiliser une plante.",
    'LBF - Votre plateforme santé et bien-être.',
  ],
};

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: 'marche-coeur',
    reviewer: 'Dr Jean-Paul Ekanga',
    title: 'Marcher 30 minutes par jour : un geste simple pour votre cœur',
    excerpt:
      "La marche rapide est l'une des activités les plus efficaces pour protéger le cœur et les vaisseaux. Voici comment en faire une habitude durable.",
    author: 'Dr Aminata Diallo',
    category: 'cardio',
    daysAgo: 3,
    color: '0xc62828',
    bodyHtml: `<p>Les maladies cardiovasculaires sont aujourd'hui l'une des premières causes de décès en Afrique, portées par l'hypertension, la sédentarité et l'évolution de nos habitudes alimentaires. Bonne nouvelle : un geste accessible à presque tous peut réduire nettement ce risque. Il s'agit simplement de marcher.</p>
<h2>Pourquoi la marche protège le cœur</h2>
<p>Une marche rapide, à un rythme qui vous essouffle légèrement tout en vous permettant de parler, fait travailler le cœur comme un muscle. Pratiquée régulièrement, elle aide à <strong>faire baisser la tension artérielle</strong>, améliore le taux de « bon » cholestérol, aide à contrôler la glycémie et le poids, et réduit le stress.</p>
<p>L'Organisation mondiale de la santé recommande au moins <strong>150 minutes d'activité d'intensité modérée par semaine</strong> pour les adultes, soit trente minutes cinq jours sur sept.</p>
<h2>Comment s'y mettre</h2>
<ul>
<li>Commencez par dix minutes après chaque repas : c'est plus facile à caser qu'une demi-heure d'un coup, et cela aide à la digestion.</li>
<li>Profitez des trajets du quotidien : descendez du taxi un arrêt plus tôt, allez au marché à pied.</li>
<li>Marchez avec un proche ou un voisin : la régularité est plus simple à deux.</li>
<li>Choisissez les heures fraîches, tôt le matin ou en fin de journée, et emportez de l'eau.</li>
</ul>
<h2>Les signaux qui doivent alerter</h2>
<p>Une douleur dans la poitrine, un essoufflement inhabituel, des palpitations ou un malaise pendant l'effort imposent de s'arrêter et de consulter rapidement. Si vous êtes traité pour l'hypertension ou le diabète, parlez de votre projet à votre médecin : il pourra adapter votre suivi.</p>
<blockquote>Le meilleur exercice est celui que l'on pratique tous les jours. Commencez petit, mais commencez aujourd'hui.</blockquote>
<p>Pour aller plus loin, retrouvez nos vidéos d'exercices doux et notre <a href="https://www.who.int/fr/news-room/fact-sheets/detail/physical-activity">fiche de l'OMS sur l'activité physique</a>.</p>`,
  },
  {
    slug: 'fonio',
    reviewer: 'Dr Aminata Diallo',
    title: 'Le fonio, céréale ancestrale aux mille vertus',
    excerpt:
      "Cultivé depuis des millénaires en Afrique de l'Ouest, le fonio revient dans nos assiettes. Riche, digeste et sans gluten, il a tout pour plaire.",
    author: 'Kofi Mensah',
    category: 'nutrition',
    daysAgo: 9,
    color: '0xef6c00',
    bodyHtml: `<p>Longtemps considéré comme la « céréale du pauvre », le fonio connaît une véritable renaissance. Cette petite graine, cultivée au Mali, en Guinée, au Burkina Faso ou au Sénégal, pousse sur des sols pauvres, résiste à la sécheresse et se récolte en quelques semaines seulement.</p>
<h2>Un profil nutritionnel intéressant</h2>
<p>Le fonio est <strong>naturellement sans gluten</strong>, ce qui en fait une alternative pour les personnes intolérantes. Il apporte des fibres, du fer, du zinc et du magnésium, ainsi que des acides aminés soufrés, rares dans les autres céréales.</p>
<p>Son index glycémique modéré en fait un allié des personnes qui surveillent leur glycémie, à condition de respecter des portions raisonnables et de l'accompagner de légumes.</p>
<h2>Comment le préparer</h2>
<ol>
<li>Rincez le fonio plusieurs fois à l'eau claire pour retirer le sable éventuel.</li>
<li>Faites-le cuire à la vapeur une dizaine de minutes, ou versez-le dans deux fois son volume d'eau bouillante salée, couvrez et laissez gonfler hors du feu.</li>
<li>Égrainez-le à la fourchette avec un filet d'huile.</li>
</ol>
<p>Il accompagne parfaitement les sauces feuilles, les ragoûts de poisson ou les légumes sautés. Au petit-déjeuner, préparez-le en bouillie avec un peu de lait et de poudre de baobab.</p>
<h2>Le saviez-vous ?</h2>
<p>Un hectare de fonio peut être récolté en moins de trois mois, ce qui en fait une culture précieuse en période de soudure. Consommer du fonio, c'est aussi <em>soutenir les producteurs locaux</em>.</p>`,
  },
  {
    slug: 'sept-habitudes-sommeil',
    reviewer: 'Dr Aminata Diallo',
    title: 'Sept habitudes pour mieux dormir dès ce soir',
    excerpt:
      "Fatigue au réveil, difficultés à s'endormir, nuits agitées ? Quelques changements simples suffisent souvent à retrouver un sommeil réparateur.",
    author: 'Dr Jean-Paul Ekanga',
    category: 'sleep',
    daysAgo: 16,
    color: '0x1565c0',
    bodyHtml: `<p>Le sommeil n'est pas du temps perdu : c'est pendant la nuit que le corps récupère, que le cerveau trie les souvenirs et que l'organisme régule de nombreuses hormones. Voici sept habitudes recommandées par les spécialistes.</p>
<h2>1. Des horaires réguliers</h2>
<p>Se coucher et se lever à la même heure, y compris le week-end, stabilise l'horloge biologique.</p>
<h2>2. La lumière du matin</h2>
<p>Exposez-vous à la lumière du jour dès le réveil : elle indique au corps que la journée commence et facilite l'endormissement le soir.</p>
<h2>3. Moins de caféine l'après-midi</h2>
<p>Café, thé fort, sodas et boissons énergisantes restent actifs plusieurs heures. Évitez-les après seize heures.</p>
<h2>4. Un dîner léger</h2>
<p>Un repas copieux, gras ou très épicé juste avant le coucher perturbe la digestion et le sommeil. Dînez au moins deux heures avant de vous coucher.</p>
<h2>5. Les écrans éteints</h2>
<p>La lumière des téléphones retarde la sécrétion de mélatonine. Une heure sans écran avant de dormir, c'est un endormissement plus rapide.</p>
<h2>6. Une chambre fraîche et sombre</h2>
<p>Aérez la pièce, utilisez une moustiquaire et des rideaux épais, et réduisez le bruit autant que possible.</p>
<h2>7. Un rituel apaisant</h2>
<p>Une tisane de citronnelle, quelques minutes de respiration lente ou de lecture préparent le corps au repos.</p>
<blockquote>Si l'insomnie dure plus de trois semaines, ou si votre entourage remarque des pauses respiratoires pendant votre sommeil, parlez-en à votre médecin.</blockquote>`,
  },
  {
    slug: 'kinkeliba',
    reviewer: 'Dr Aminata Diallo',
    title: 'Le kinkeliba : la tisane du matin qui fait du bien',
    excerpt:
      "Surnommé « le thé de brousse », le kinkeliba accompagne les petits-déjeuners sénégalais depuis toujours. Tour d'horizon de ses usages et de ses précautions.",
    author: 'Fatou Sow',
    category: 'wellbeing',
    daysAgo: 24,
    color: '0x558b2f',
    bodyHtml: `<p>Au Sénégal, au Mali ou en Gambie, une tasse de kinkeliba fumante fait partie du rituel du matin, souvent pendant le Ramadan pour rompre le jeûne. Cette plante, <em>Combretum micranthum</em>, pousse à l'état sauvage dans les savanes sahéliennes.</p>
<h2>Des usages traditionnels variés</h2>
<p>La médecine traditionnelle utilise le kinkeliba pour faciliter la digestion, favoriser l'élimination et accompagner les états de fatigue. Ses feuilles contiennent des polyphénols aux propriétés antioxydantes, étudiées par plusieurs équipes de recherche africaines.</p>
<h2>Bien le préparer</h2>
<ul>
<li>Une poignée de feuilles séchées pour un litre d'eau.</li>
<li>Portez à frémissement puis laissez infuser dix minutes à couvert.</li>
<li>Ajoutez, si vous le souhaitez, quelques feuilles de menthe ou un peu de citron.</li>
</ul>
<p>Buvez-le de préférence le matin : il a un léger effet stimulant et diurétique.</p>
<h2>Les précautions</h2>
<p>Comme toute plante active, le kinkeliba se consomme avec modération : <strong>deux à trois tasses par jour au maximum</strong>. Les femmes enceintes, les personnes sous traitement pour le diabète ou l'hypertension et les personnes ayant une maladie des reins doivent demander conseil à leur médecin.</p>
<p>Retrouvez d'autres plantes du quotidien dans notre guide « Tisanes et infusions traditionnelles ».</p>`,
  },
];

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    name: 'Awa Ndiaye',
    location: 'Dakar, Sénégal',
    content:
      "Les vidéos sur les plantes médicinales m'ont appris à préparer mes tisanes correctement. Les explications sont claires et les conseils de sécurité m'ont vraiment rassurée.",
    rating: 5,
    videoTitle: 'Remèdes traditionnels : les bases de la phytothérapie africaine',
    daysAgo: 2,
  },
  {
    name: 'Serge Mbarga',
    location: 'Douala, Cameroun',
    content:
      "Grâce aux conseils de nutrition, j'ai changé mes habitudes et perdu six kilos en trois mois, sans me priver. Toute la famille mange mieux maintenant.",
    rating: 5,
    videoTitle: 'Nutrition : bien manger avec les produits locaux',
    daysAgo: 6,
  },
  {
    name: 'Mariam Traoré',
    location: 'Abidjan, Côte d’Ivoire',
    content: "Je dormais très mal depuis des mois. Les habitudes présentées dans la vidéo sur le sommeil ont tout changé : je m'endors plus vite et me réveille en forme.",
    rating: 5,
    videoTitle: 'Sommeil : retrouver des nuits réparatrices',
    daysAgo: 11,
  },
  {
    name: 'Koffi Agbeko',
    location: 'Lomé, Togo',
    content: 'Les exercices pour le dos sont simples et efficaces. Je les fais chaque matin avant le travail et mes douleurs ont nettement diminué.',
    rating: 4,
    videoTitle: 'Exercices doux pour soulager le dos',
    daysAgo: 15,
  },
  {
    name: 'Nadège Houngbédji',
    location: 'Cotonou, Bénin',
    content: "Le guide des tisanes est devenu mon livre de chevet. Tout est expliqué simplement, avec les précautions à prendre. Merci pour ce travail sérieux !",
    rating: 5,
    videoTitle: null,
    daysAgo: 20,
  },
  {
    name: 'Ibrahim Sawadogo',
    location: 'Ouagadougou, Burkina Faso',
    content: 'Enfin une plateforme qui valorise nos savoirs traditionnels tout en restant prudente. Les séances de relaxation m’aident à gérer le stress du quotidien.',
    rating: 5,
    videoTitle: 'Respiration et relaxation guidée',
    daysAgo: 27,
  },
];
