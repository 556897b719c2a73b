import { messages } from './messages';
import { userError, type UserError } from './user-error';

export type SignInFailure = 'missing-fields' | 'bad-credentials' | 'banned';

/**
 * What a refused sign-in tells the person. On the admin path every credential failure reads the
 * same ('Identifiants administrateur incorrects.'), with the same code: a customer's right password
 * is a bad credential there, else the answer would confirm the password to someone guessing. A ban
 * is told as such, and only once the password was right (and, on the admin path, the role too).
 */
export function signInError(failure: SignInFailure, asAdmin: boolean): UserError {
  switch (failure) {
    case 'missing-fields':
      return userError('VALIDATION', messages.fillAllFields, { title: messages.signInErrorTitle });
    case 'bad-credentials':
      return userError('INVALID_CREDENTIALS', asAdmin ? messages.invalidAdminCredentials : messages.invalidCredentials, {
        title: messages.signInErrorTitle,
      });
    case 'banned':
      return userError('ACCOUNT_DISABLED', messages.accountDisabled, { title: messages.accountDisabledTitle });
  }
}
