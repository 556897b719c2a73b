import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminSettingsPageQuery,
  AdminSettingsPageQueryVariables,
  AdminSiteSettingsFieldsFragment,
  UpdateSiteSettingsMutation,
  UpdateSiteSettingsMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type SiteSettings = AdminSiteSettingsFieldsFragment;
export type { SiteSettingsInput } from '@/generated/graphql';

// Every field, here and in the mutation's answer: the cached siteSettings (a singleton without
// an id, read by the home, the footer and the contact page) is then replaced whole, not merged.
const SITE_SETTINGS_FIELDS = gql`
  fragment AdminSiteSettingsFields on SiteSettings {
    siteName
    siteDescription
    siteLogo
    heroTitle
    heroSubtitle
    contactEmail
    contactPhone
    socialFacebook
    socialTwitter
    socialInstagram
    legalName
    legalAddress
    taxId
    healthClaimWords
    updatedAt
  }
`;

export const ADMIN_SETTINGS_PAGE: TypedDocumentNode<AdminSettingsPageQuery, AdminSettingsPageQueryVariables> = gql`
  query AdminSettingsPage {
    siteSettings {
      ...AdminSiteSettingsFields
    }
  }
  ${SITE_SETTINGS_FIELDS}
`;

export const UPDATE_SITE_SETTINGS: TypedDocumentNode<UpdateSiteSettingsMutation, UpdateSiteSettingsMutationVariables> = gql`
  mutation UpdateSiteSettings($input: SiteSettingsInput!) {
    updateSiteSettings(input: $input) {
      settings {
        ...AdminSiteSettingsFields
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${SITE_SETTINGS_FIELDS}
  ${USER_ERROR_FIELDS}
`;
