import { typeset } from './typeset';

/** Words around the legal texts (/terms, /privacy), shared by both pages' chunk. */
export const legal = typeset({
  eyebrow: 'Informations légales',
  updated: 'Dernière mise à jour :',
  toc: 'Sommaire',
  backToToc: 'Retour au sommaire',
} as const);
