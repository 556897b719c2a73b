import { typeset } from './typeset';

/** Texts of /contact and of its form (loaded with the page's chunk). */
export const contact = typeset({
  eyebrow: 'Contact',
  title: 'Contactez-nous',
  lead: "Une question sur un contenu, un achat ou un partenariat ? Écrivez-nous : nous vous répondrons dans les plus brefs délais.",
  details: {
    title: 'Nos coordonnées',
    email: 'E-mail',
    phone: 'Téléphone',
    hours: 'Horaires',
    support: 'Support par e-mail 7 jours sur 7.',
    location: 'Localisation',
    city: 'Douala, Cameroun',
  },
  map: {
    title: 'Nous trouver',
    frameTitle: 'Carte Google Maps de Douala, Cameroun',
    // Google's keyless embed; the gateway's Content-Security-Policy allows frames from www.google.com.
    embedUrl: 'https://www.google.com/maps?q=Douala%2C%20Cameroun&z=12&hl=fr&output=embed',
    openUrl: 'https://www.google.com/maps/search/?api=1&query=Douala%2C%20Cameroun',
    open: 'Ouvrir dans Google Maps',
    newTab: "(s'ouvre dans un nouvel onglet)",
    // Nothing reaches Google before the visitor asks: the embed sends their address and browser to it.
    consent: "La carte est fournie par Google Maps : l'afficher transmet votre adresse IP et des informations sur votre navigateur à Google.",
    show: 'Afficher la carte',
  },
  form: {
    title: 'Envoyer un message',
    intro: 'Tous les champs sont obligatoires.',
    name: 'Nom complet',
    namePlaceholder: 'Votre nom',
    email: 'Adresse e-mail',
    emailPlaceholder: 'vous@exemple.com',
    subject: 'Sujet',
    subjectPlaceholder: 'Choisissez un sujet',
    message: 'Message',
    messagePlaceholder: 'Votre message...',
    messageTooLong: 'Le message ne doit pas dépasser 5000 caractères.',
    acceptTermsBefore: "J'accepte que mes données soient utilisées pour traiter ma demande et y répondre, comme l'explique la ",
    acceptTermsLink: 'politique de confidentialité',
    acceptTermsAfter: '.',
    submit: 'Envoyer le message',
    /** The honeypot's label (never shown: the field is off screen and hidden from assistive technologies). */
    website: 'Site web (laissez ce champ vide)',
  },
  faq: {
    title: 'Une question fréquente ?',
    text: 'Paiement, accès à vie, vidéos, guides PDF : les réponses sont peut-être déjà dans notre FAQ.',
    link: 'Voir la FAQ',
  },
} as const);
