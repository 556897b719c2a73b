import { messages } from './messages';
import { userError, type UserError } from './user-error';

export type SignInFailure = 'missing-fields' | 'bad-credentials' | 'not-admin' | 'banned';

/**
 * What a refused sign-in tells the person. On the admin path every credential failure reads the
 * same ('Identifiants administrateur incorrects.'); a ban is told as such on both paths, and only
 * once the password was right, so it reveals nothing to someone guessing.
 */
export function signInError(failure: SignInFailure, asAdmin: boolean): UserError {
  switch (failure) {
    case 'missing-fields':
      return userError('VALIDATION', messages.fillAllFields, { title: messages.signInErrorTitle });
    case 'bad-credentials':
      return userError('INVALID_CREDENTIALS', asAdmin ? messages.invalidAdminCredentials : messages.invalidCredentials, {
        title: messages.signInErrorTitle,
      });
    case 'not-admin':
      return userError('NOT_ADMIN', messages.invalidAdminCredentials, { title: messages.signInErrorTitle });
    case 'banned':
      return userError('ACCOUNT_DISABLED', messages.accountDisabled, { title: messages.accountDisabledTitle });
  }
}
