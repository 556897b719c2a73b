/**
 * The address shown wherever the site tells people how to reach it (contact page, legal pages),
 * until an administrator sets the contact e-mail in the site settings, which then takes over.
 */
export const DEFAULT_CONTACT_EMAIL = 'contact@lbf.cm';
