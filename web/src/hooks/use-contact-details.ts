import { useQuery } from '@/data/hooks';
import { DEFAULT_CONTACT_EMAIL } from '@/i18n/pages/contact-details';
import CONTACT_DETAILS_QUERY from './contact-details.query.graphql';

export interface ContactDetails {
  email: string;
  /** Only what an administrator entered: no number is made up when none is set. */
  phone: string | null;
}

/**
 * The contact e-mail and phone of the site settings (admin, catalogue service). While they load,
 * or if the server cannot be reached, the default address is shown so the page is never empty.
 */
export function useContactDetails(): ContactDetails {
  const { data } = useQuery(CONTACT_DETAILS_QUERY);
  const settings = data?.siteSettings;
  return {
    email: settings?.contactEmail.trim() || DEFAULT_CONTACT_EMAIL,
    phone: settings?.contactPhone.trim() || null,
  };
}
