export { startMailCatcher, type CaughtMail, type MailCatcherOptions, type RunningMailCatcher } from './catcher';
