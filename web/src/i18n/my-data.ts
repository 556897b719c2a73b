/**
 * The texts of consent (the sign-up's boxes, the payment dialog's) and of « Mes données », the
 * customer area's page of what LBF holds about the person (web/src/features/dashboard/my-data/).
 */

/** The boxes of the sign-up form and of the payment dialog. */
export const consentText = {
  termsBefore: "J'accepte les ",
  termsLink: "conditions d'utilisation",
  termsBetween: ' et la ',
  privacyLink: 'politique de confidentialité',
  termsRequired: "Vous devez accepter les conditions d'utilisation et la politique de confidentialité.",
  healthLabel: "J'accepte que LBF traite les données liées à ma santé : les contenus que j'achète et que je regarde, et où j'en suis dans les vidéos.",
  healthHint:
    "Facultatif. Ces informations peuvent révéler des préoccupations de santé : elles servent uniquement à vous donner accès à vos achats et à reprendre une vidéo là où vous l'avez laissée. Vous pouvez retirer ce consentement à tout moment dans « Mes données ».",
  /** The payment dialog, when the consent was not given: buying is that processing. */
  healthAtPurchase: "J'accepte que LBF traite les données liées à ma santé que révèlent mes achats (les contenus que j'achète et que je regarde).",
  healthAtPurchaseHint: 'Nécessaire pour acheter : votre achat et votre accès en dépendent. Vous pourrez retirer ce consentement dans « Mes données » ; vos achats resteront accessibles.',
  healthAtPurchaseRequired: 'Votre consentement est nécessaire pour acheter ce contenu.',
} as const;

/** « Mes données ». */
export const myDataText = {
  tab: 'Mes données',
  title: 'Mes données',
  intro: 'Ce que LBF conserve sur vous, les consentements que vous avez donnés et les appareils connectés à votre compte.',
  loading: 'Chargement de vos données...',
  profile: {
    title: 'Mon profil',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    createdAt: 'Inscrit le',
    none: 'Non renseigné',
    purchases: 'Achats effectués',
    messages: 'Messages non lus',
  },
  consents: {
    title: 'Mes consentements',
    empty: 'Aucun consentement enregistré.',
    kinds: {
      TERMS: "Conditions d'utilisation",
      PRIVACY: 'Politique de confidentialité',
      HEALTH_DATA: 'Données liées à ma santé',
    },
    sources: { SIGN_UP: "à l'inscription", ACCOUNT: 'depuis votre compte', PURCHASE: 'lors d’un achat' },
    given: (when: string, source: string) => `Donné le ${when}, ${source}`,
    withdrawn: (when: string) => `Retiré le ${when}`,
    version: (day: string) => `Version du ${day}`,
    active: 'En vigueur',
    ended: 'Retiré',
  },
  health: {
    title: 'Données liées à ma santé',
    givenText:
      "Vous avez accepté que LBF traite les données liées à votre santé : vos achats, les vidéos que vous regardez et où vous en êtes. Si vous retirez ce consentement, nous effaçons votre progression dans les vidéos et n'associons plus vos visionnages à votre compte ; vos achats restent accessibles et nous conservons vos commandes et reçus, comme la loi l'exige.",
    notGivenText:
      "Vous n'avez pas donné ce consentement : nous ne gardons pas votre progression dans les vidéos et n'associons pas vos visionnages à votre compte. Il vous sera demandé lors de votre premier achat.",
    give: 'Donner mon consentement',
    withdraw: 'Retirer mon consentement',
    confirmWithdrawTitle: 'Retirer votre consentement ?',
    confirmWithdrawText:
      "Votre progression dans les vidéos sera effacée et ne sera plus enregistrée. Vos achats restent accessibles. Vous devrez donner à nouveau votre consentement pour un prochain achat.",
    confirmGiveTitle: 'Donner votre consentement ?',
    confirmGiveText: "LBF pourra garder vos achats et votre progression dans les vidéos, pour vous permettre de reprendre là où vous vous êtes arrêté.",
    cancel: 'Annuler',
    confirmWithdraw: 'Retirer',
    confirmGive: 'Confirmer',
    withdrawnToast: 'Consentement retiré',
    givenToast: 'Consentement enregistré',
  },
  sessions: {
    title: 'Appareils connectés',
    intro: 'Les navigateurs où votre compte est ouvert. Déconnectez ceux que vous ne reconnaissez pas.',
    empty: 'Aucune autre session ouverte.',
    current: 'Cet appareil',
    unknownBrowser: 'Navigateur inconnu',
    on: (browser: string, os: string | null) => (os ? `${browser} sur ${os}` : browser),
    deviceTypes: { mobile: 'Téléphone', tablet: 'Tablette', desktop: 'Ordinateur' } as Record<string, string>,
    ip: (ip: string) => `Adresse IP : ${ip}`,
    signedInAt: (when: string) => `Connecté le ${when}`,
    lastUsedAt: (when: string) => `Dernière activité le ${when}`,
    revoke: 'Déconnecter cet appareil',
    revokeOthers: 'Déconnecter tous les autres',
    revokedToast: 'Appareil déconnecté',
    revokedOthersToast: (n: number) => (n > 1 ? `${n} appareils déconnectés` : n === 1 ? '1 appareil déconnecté' : 'Aucun autre appareil connecté'),
  },
} as const;
