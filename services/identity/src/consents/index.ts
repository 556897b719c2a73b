/** What the other rooms (accounts' sign-up) and the admin command use of consents. */
export { giveConsents } from './give-consents';
export { signUpConsents } from './rules';
