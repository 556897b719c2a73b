/**
 * The words of the payment buttons and of the sign-in prompt they give a visitor: what a page with
 * buy buttons needs at first (the home, the lists), apart from the payment dialog's words
 * (i18n/commerce.ts, which includes these), loaded with the dialog.
 */
import type { PaymentMethod } from '@/generated/graphql';

export const paymentMethodLabels = {
  ORANGE: 'Orange Money',
  MTN: 'MTN Mobile Money',
  NOTCHPAY: 'NotchPay',
} as const satisfies Record<PaymentMethod, string>;

export const payButtonsText = {
  payWith: 'Payer avec',
  buyWith: 'Acheter avec',
  signInRequired: 'Connexion requise',
  signInRequiredText: 'Connectez-vous pour acheter ce contenu.',
};
