/** What accounts' sign-up uses of the captcha room. */
export { spendCaptcha, spendProofOfWork } from './captchas';
